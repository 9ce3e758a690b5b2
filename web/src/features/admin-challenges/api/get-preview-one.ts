import type { ChallengeType } from "@bm/shared";
import { type PreviewOneAnswer, previewOneAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";

/** GET /api/admin/preview/{type}/{slug}?at=: the challenge's page at `at`, or hidden with the member's message. */
export function getPreviewOne(
  type: ChallengeType,
  slug: string,
  at: string,
  signal?: AbortSignal,
): Promise<PreviewOneAnswer> {
  return api.get(
    `/api/admin/preview/${type}/${encodeURIComponent(slug)}?at=${encodeURIComponent(at)}`,
    previewOneAnswer,
    signal,
  );
}

export function usePreviewOne(type: ChallengeType, slug: string, at: string | null) {
  return useQuery({
    queryKey: adminChallengeKeys.previewOne(type, slug, at ?? ""),
    queryFn: ({ signal }) => getPreviewOne(type, slug, at ?? "", signal),
    enabled: at !== null,
  });
}
