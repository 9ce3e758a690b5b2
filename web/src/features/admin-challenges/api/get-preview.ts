import { type PreviewAnswer, previewAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";

/** GET /api/admin/preview?at=: the day's page and the lists exactly as a member sees them at `at`. */
export function getPreview(at: string, signal?: AbortSignal): Promise<PreviewAnswer> {
  return api.get(`/api/admin/preview?at=${encodeURIComponent(at)}`, previewAnswer, signal);
}

export function usePreview(at: string | null) {
  return useQuery({
    queryKey: adminChallengeKeys.preview(at ?? ""),
    queryFn: ({ signal }) => getPreview(at ?? "", signal),
    enabled: at !== null,
  });
}
