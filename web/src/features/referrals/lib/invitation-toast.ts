import type { InvitationResult } from "@bm/shared";

export interface InvitationToast {
  title: string;
  description: string;
  variant?: "destructive";
}

/**
 * The toasts of spec section 8: 'Invitations Sent' when every address left; 'Some invitations
 * failed' with `email: message` per line otherwise (after the count of those that did leave).
 */
export function invitationToast(results: readonly InvitationResult[]): InvitationToast {
  const sent = results.filter((r) => r.success).length;
  const failed = results.filter((r) => !r.success);
  const sentLine = `${sent} invitation(s) sent successfully!`;
  if (failed.length === 0) return { title: "Invitations Sent", description: sentLine };
  const lines = failed.map((r) => `${r.email}: ${r.message}`);
  return {
    title: "Some invitations failed",
    description: (sent > 0 ? [sentLine, ...lines] : lines).join("\n"),
    variant: "destructive",
  };
}

export const SEND_FAILED_TOAST: InvitationToast = {
  title: "Failed to send invitations",
  description: "Please try again",
  variant: "destructive",
};
