import { type DeletionRequestAnswer, deletionRequestAnswer } from "@bm/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** POST /api/data-deletion/request: the same answer whatever the address; a member is mailed a link. */
export function requestDeletion(email: string): Promise<DeletionRequestAnswer> {
  return api.post("/api/data-deletion/request", { email }, deletionRequestAnswer);
}

export function useRequestDeletion() {
  return useMutation({ mutationFn: requestDeletion });
}
