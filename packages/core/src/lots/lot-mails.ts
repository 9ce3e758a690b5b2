import { formatMoney } from "@bm/shared";
import type { MailMessage } from "../ports/mail";
import type { AuctionLot } from "./lot.entity";

export function lotWonMail(to: string, lot: AuctionLot, publicUrl: string): MailMessage {
  const deadline = lot.claimDeadline
    ? lot.claimDeadline.toLocaleString("en-US", {
        timeZone: "America/New_York",
        dateStyle: "medium",
        timeStyle: "short",
      })
    : "soon";
  const text = [
    `The House declares you the winner of Lot ${lot.lotNumber}: ${lot.title}.`,
    "",
    `Final bid: $${formatMoney(lot.currentBid)} (credits applied: ${formatMoney(lot.winnerCreditsUsed)}).`,
    `Claim it before ${deadline} (New York time): ${publicUrl}/lot/${lot.lotNumber}`,
    "",
    "At checkout you pay only the dollar portion; your credits are deducted when the order is paid.",
  ].join("\n");
  return { to, subject: `You won Lot ${lot.lotNumber}: ${lot.title}`, text };
}

export function outbidMail(
  to: string,
  lotNumber: number,
  title: string,
  amount: string,
  publicUrl: string,
): MailMessage {
  const text = [
    `Another bidder has taken the lead on Lot ${lotNumber}: ${title}.`,
    "",
    `The bid to beat is now $${amount}.`,
    `Return to the Bidding Hall: ${publicUrl}/lot/${lotNumber}`,
  ].join("\n");
  return { to, subject: `Outbid on Lot ${lotNumber}: ${title}`, text };
}
