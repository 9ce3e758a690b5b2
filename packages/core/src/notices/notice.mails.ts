import { CLOSING_NOTICE_MINUTES, formatDateTime } from "@bm/shared";
import type { MailMessage } from "../ports/mail";

/** To a member who watches or bid on a lot that closes within the quarter hour. */
export function closingMail(
  to: string,
  lot: { lotNumber: number; title: string; closesAt: Date },
  publicUrl: string,
): MailMessage {
  const text = [
    `Lot ${lot.lotNumber}: ${lot.title} closes within ${CLOSING_NOTICE_MINUTES} minutes, at ${formatDateTime(lot.closesAt)}.`,
    "",
    `Return to the Bidding Hall: ${publicUrl}/lot/${lot.lotNumber}`,
    "",
    `You are told because you watch this lot or bid on it. Choose your notices: ${publicUrl}/notifications`,
  ].join("\n");
  return { to, subject: `Closing soon: Lot ${lot.lotNumber}: ${lot.title}`, text };
}
