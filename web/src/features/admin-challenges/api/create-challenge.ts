import type { ChallengeType } from "@bm/shared";
import { type AdminChallengeInput, type AdminChallengeSaved, adminChallengeSaved } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";
import { toastSaved, toastSaveFailed } from "./save-toasts";

/** POST /api/admin/create-puzzle or /api/admin/create-task. */
export function createChallenge(type: ChallengeType, body: AdminChallengeInput): Promise<AdminChallengeSaved> {
  return api.post(`/api/admin/create-${type}`, body, adminChallengeSaved);
}

/** Creates a puzzle or trial; every admin list and preview of challenges is asked for again. */
export function useCreateChallenge(type: ChallengeType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminChallengeInput) => createChallenge(type, body),
    onSuccess: () => toastSaved(type, true),
    onError: (error) => toastSaveFailed(type, error),
    onSettled: () => client.invalidateQueries({ queryKey: adminChallengeKeys.all() }),
  });
}
