import { messageAnswer, type PasskeyList, passkeyList } from "@bm/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { memberKeys } from "./members-api";

const passkeysKey = (id: string) => [...memberKeys.one(id), "passkeys"] as const;

/** GET /api/admin/members/:id/passkeys */
export function useMemberPasskeys(id: string) {
  return useQuery<PasskeyList>({
    queryKey: passkeysKey(id),
    queryFn: ({ signal }) => api.get(`/api/admin/members/${encodeURIComponent(id)}/passkeys`, passkeyList, signal),
  });
}

/** DELETE /api/admin/members/:id/passkeys/:passkeyId (audited). */
export function useRevokePasskey(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) =>
      api.delete(
        `/api/admin/members/${encodeURIComponent(id)}/passkeys/${encodeURIComponent(passkeyId)}`,
        messageAnswer,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey(id) }),
  });
}
