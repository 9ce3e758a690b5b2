import { messageAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { passkeyKeys } from "./get-passkeys";

export function removePasskey(id: string) {
  return api.delete(`/api/passkeys/${encodeURIComponent(id)}`, messageAnswer);
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}
