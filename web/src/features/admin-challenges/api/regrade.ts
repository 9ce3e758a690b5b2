import type { ChallengeType } from "@bm/shared";
import {
  type RegradeApplied,
  type RegradeInput,
  type RegradePreview,
  regradeApplied,
  regradePreview,
} from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";

const base = (type: ChallengeType, id: number) => `/api/admin/challenges/${type}/${id}/regrade`;

/** POST .../regrade/preview: what the corrected answers would change, moving nothing. */
export function previewRegrade(type: ChallengeType, id: number, answers: RegradeInput): Promise<RegradePreview> {
  return api.post(`${base(type, id)}/preview`, answers, regradePreview);
}

/** POST .../regrade/apply: the previewed re-grade, refused (409) when the preview is out of date. */
export function applyRegrade(
  type: ChallengeType,
  id: number,
  body: RegradeInput & { fingerprint: string },
): Promise<RegradeApplied> {
  return api.post(`${base(type, id)}/apply`, body, regradeApplied);
}

export function useRegradePreview(type: ChallengeType, id: number) {
  return useMutation({ mutationFn: (answers: RegradeInput) => previewRegrade(type, id, answers) });
}

export function useRegradeApply(type: ChallengeType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegradeInput & { fingerprint: string }) => applyRegrade(type, id, body),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminChallengeKeys.all() });
      void client.invalidateQueries({ queryKey: ["admin", "attempts"] });
    },
  });
}
