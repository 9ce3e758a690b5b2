import { type SendInvitationsAnswer, sendInvitationsAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { referralKeys } from "./referral-keys";

/** POST /api/referrals/send-invitations: each address answered sent or refused with why. */
export function sendInvitations(emails: string[]): Promise<SendInvitationsAnswer> {
  return api.post("/api/referrals/send-invitations", { emails }, sendInvitationsAnswer);
}

/** Sends the panel's free slots; the stats (the locked slots) are asked for again whatever happened. */
export function useSendInvitations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendInvitations,
    onSettled: () => client.invalidateQueries({ queryKey: referralKeys.stats() }),
  });
}
