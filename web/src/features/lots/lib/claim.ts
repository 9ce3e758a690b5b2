import type { LotAnswer } from "@bm/shared";

/**
 * What a winner may do with a won lot (spec section 4): Claim Now opens the cart link, disabled
 * once the window has passed; a claimed lot shows View Cart; without a cart link the text reads
 * 'Notification pending...' or 'Claim window expired'.
 */
type ClaimView =
  | { kind: "claim"; url: string }
  | { kind: "claim-expired"; url: string }
  | { kind: "claimed"; url: string | null }
  | { kind: "pending" }
  | { kind: "expired" };

export function claimView(
  lot: Pick<LotAnswer, "claimStatus" | "claimDeadline" | "shopifyCartUrl">,
  now: number,
): ClaimView {
  const url = lot.shopifyCartUrl;
  if (lot.claimStatus === "claimed") return { kind: "claimed", url };
  const expired = lot.claimStatus === "expired" || (lot.claimDeadline !== null && now >= Date.parse(lot.claimDeadline));
  if (url) return expired ? { kind: "claim-expired", url } : { kind: "claim", url };
  return expired ? { kind: "expired" } : { kind: "pending" };
}

export const CLAIM_TEXT = {
  pending: "Notification pending...",
  expired: "Claim window expired",
} as const;

type LotOutcome = "You won" | `Won by ${string}` | "No bids";

/** How a closed lot ended, from this member's side; never from `winnerId`, which is not theirs to see. */
export function lotOutcome(lot: Pick<LotAnswer, "isWinner" | "hasWinner" | "winnerLabel">): LotOutcome {
  if (lot.isWinner) return "You won";
  if (!lot.hasWinner) return "No bids";
  return lot.winnerLabel ? `Won by ${lot.winnerLabel}` : "Won by another bidder";
}
