import type { ChallengeType } from "@bm/shared";
import { type AdminChallengeInput, type AdminChallengeSaved, adminChallengeSaved } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";
import { toastSaved, toastSaveFailed } from "./save-toasts";

/** PUT /api/admin/update-puzzle/{id} or /api/admin/update-task/{id}. */
export function updateChallenge(
  type: ChallengeType,
  id: number,
  body: AdminChallengeInput,
): Promise<AdminChallengeSaved> {
  return api.put(`/api/admin/update-${type}/${id}`, body, adminChallengeSaved);
}

/** Saves a puzzle or trial; the saved one goes straight into the cache, the lists are asked again. */
export function useUpdateChallenge(type: ChallengeType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminChallengeInput) => updateChallenge(type, id, body),
    onSuccess: ({ challenge }) => {
      client.setQueryData(adminChallengeKeys.one(type, id), challenge);
      toastSaved(type, false);
    },
    onError: (error) => toastSaveFailed(type, error),
    onSettled: () => client.invalidateQueries({ queryKey: adminChallengeKeys.all() }),
  });
}
