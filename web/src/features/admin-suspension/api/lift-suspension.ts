import { type LiftAnswer, liftAnswer } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { suspensionKeys } from "./get-suspensions";

/** POST /api/admin/members/{id}/suspension/lift: ends the suspension in force now, with an optional reason. */
export function liftSuspension(memberId: string, reason: string): Promise<LiftAnswer> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return api.post(`/api/admin/members/${encodeURIComponent(memberId)}/suspension/lift`, body, liftAnswer);
}

export function useLiftSuspension(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => liftSuspension(memberId, reason),
    // The member's own page and the members list show the suspended flag: asked again too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: suspensionKeys.of(memberId) }),
        client.invalidateQueries({ queryKey: ["admin", "members"] }),
      ]),
  });
}
