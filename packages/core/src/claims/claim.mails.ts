import { formatDateTime, formatMoney } from "@bm/shared";
import type { AuctionLot } from "../lots/lot.entity";
import type { MailMessage } from "../ports/mail";

/**
 * To a lot's winner once their checkout exists: the shop's hosted checkout itself (where they pay
 * the dollar portion), the lot page, and the deadline.
 */
export function lotWonMail(
  to: string,
  lot: Pick<
    AuctionLot,
    "lotNumber" | "title" | "currentBid" | "winnerCreditsUsed" | "claimDeadline" | "shopifyCartUrl"
  >,
  publicUrl: string,
): MailMessage {
  const deadline = lot.claimDeadline ? formatDateTime(lot.claimDeadline) : "soon";
  const text = [
    `The House declares you the winner of Lot ${lot.lotNumber}: ${lot.title}.`,
    "",
    `Final bid: $${formatMoney(lot.currentBid)} (credits applied: ${formatMoney(lot.winnerCreditsUsed)}).`,
    `Claim it before ${deadline}.`,
    "",
    ...(lot.shopifyCartUrl ? [`Pay at the shop's checkout: ${lot.shopifyCartUrl}`] : []),
    `The lot's page: ${publicUrl}/lot/${lot.lotNumber}`,
    "",
    "At checkout you pay only the dollar portion; your credits are deducted when the order is paid.",
  ].join("\n");
  return { to, subject: `You won Lot ${lot.lotNumber}: ${lot.title}`, text };
}
