import { formatMoney } from "@bm/shared";
import type { MailMessage } from "../ports/mail";
import type { AuctionLot } from "./lot.entity";

/** To a member whose lead was taken: the bid to beat now, and the way back to the lot. */
export function outbidMail(
  to: string,
  lot: Pick<AuctionLot, "lotNumber" | "title" | "currentBid">,
  publicUrl: string,
): MailMessage {
  const text = [
    `Another bidder has taken the lead on Lot ${lot.lotNumber}: ${lot.title}.`,
    "",
    `The bid to beat is now $${formatMoney(lot.currentBid)}.`,
    `Return to the Bidding Hall: ${publicUrl}/lot/${lot.lotNumber}`,
  ].join("\n");
  return { to, subject: `Outbid on Lot ${lot.lotNumber}: ${lot.title}`, text };
}
