import { type PasskeyList, passkeyList } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Where the member's passkeys are cached. */
export const passkeyKeys = {
  list: () => ["passkeys", "list"] as const,
  offer: () => ["passkeys", "offer"] as const,
};

export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return api.get("/api/passkeys", passkeyList, signal);
}

export function usePasskeys() {
  return useQuery(queryOptions({ queryKey: passkeyKeys.list(), queryFn: ({ signal }) => getPasskeys(signal) }));
}
