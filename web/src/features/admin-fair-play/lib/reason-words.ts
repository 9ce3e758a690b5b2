import type { FairPlayReason, FairPlaySeverity } from "@bm/shared/admin";

/** Each reason code in the operator's words, and what it means. */
export const REASON_WORDS: Record<FairPlayReason, { title: string; means: string }> = {
  shared_address: {
    title: "Shared address",
    means: "Accounts that signed in from one address bid on the same lot.",
  },
  shared_device: {
    title: "Shared device",
    means: "Accounts that signed in from one browser bid on the same lot.",
  },
  maximum_probing: {
    title: "Probing a maximum",
    means: "Bids answered at once by another member's maximum, one step up, across lots, and never a win.",
  },
  shill_pattern: {
    title: "Shill pattern",
    means:
      "The shill-bidding features (tendency, ratio, successive outbids, early and last bidding, no wins) over their thresholds.",
  },
  referral_cycle: {
    title: "Referral loop",
    means: "Members who referred each other round in a ring.",
  },
  referral_burst: {
    title: "Referral burst",
    means: "Many referees of one referrer joined within an hour.",
  },
  idle_referees: {
    title: "Idle referees",
    means: "Referees who never bid, answered or bought after their award.",
  },
};

export const SEVERITY_WORDS: Record<FairPlaySeverity, string> = { high: "High", medium: "Medium", low: "Low" };

/** A member's short name for the queue: their name, else the part of the address before the @. */
export function memberLabel(member: { email: string; name: string | null }): string {
  return member.name ?? member.email.split("@")[0] ?? member.email;
}
