import { type Passkey, passkey } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { request } from "../../../lib/api";
import { passkeyKeys } from "./get-passkeys";

export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return request("PATCH", `/api/passkeys/${encodeURIComponent(id)}`, { body: { name }, schema: passkey });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}
