import { type SuspendAnswer, type SuspendBody, suspendAnswer } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { suspensionKeys } from "./get-suspensions";

/** POST /api/admin/members/{id}/suspension: the member's sessions end and sockets close at once. */
export function suspendMember(memberId: string, body: SuspendBody): Promise<SuspendAnswer> {
  return api.post(`/api/admin/members/${encodeURIComponent(memberId)}/suspension`, body, suspendAnswer);
}

/** The dialog shows a refusal itself (in its own words, at the form): no toast for errors here. */
export function useSuspendMember(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspendBody) => suspendMember(memberId, body),
    // The member's own page and the members list show the suspended flag: asked again too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: suspensionKeys.of(memberId) }),
        client.invalidateQueries({ queryKey: ["admin", "members"] }),
      ]),
  });
}
