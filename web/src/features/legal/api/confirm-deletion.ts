import { type DeletionConfirmAnswer, deletionConfirmAnswer } from "@bm/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** POST /api/data-deletion/confirm: the mailed link's token confirms the request; answers by when it is carried out. */
export function confirmDeletion(token: string): Promise<DeletionConfirmAnswer> {
  return api.post("/api/data-deletion/confirm", { token }, deletionConfirmAnswer);
}

export function useConfirmDeletion() {
  return useMutation({ mutationFn: confirmDeletion });
}
