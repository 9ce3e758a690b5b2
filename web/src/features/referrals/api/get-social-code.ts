import { type SocialCodeAnswer, socialCodeAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { referralKeys } from "./referral-keys";

/** GET /api/social-rite/my-code: the member's code (made on first request) and whether the rite is done. */
export function getSocialCode(signal?: AbortSignal): Promise<SocialCodeAnswer> {
  return api.get("/api/social-rite/my-code", socialCodeAnswer, signal);
}

export function useSocialCode() {
  return useQuery(
    queryOptions({ queryKey: referralKeys.socialCode(), queryFn: ({ signal }) => getSocialCode(signal) }),
  );
}
