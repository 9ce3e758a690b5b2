import {
  BID_INCREMENT_USD,
  CREDIT_VALUE_USD,
  DOLLARS_PER_CREDIT,
  formatDayLabel,
  formatTime,
  type LotAnswer,
} from "@bm/shared";
import { HOUSE_HOURS } from "../../../config/house";
import { safeStorage } from "../../../lib/storage";

const RITES_KEY = "bm.biddingRitesAcknowledged";

/** The Bidding Rites dialog shows on each visit until the member acknowledges it once. */
export function hasAcknowledgedRites(): boolean {
  return safeStorage.get(RITES_KEY) === "yes";
}

export function acknowledgeRites(): void {
  safeStorage.set(RITES_KEY, "yes");
}

interface Rite {
  numeral: string;
  title: string;
  text: string;
}

type Timed = Pick<LotAnswer, "opensAt" | "closesAt">;

/**
 * The hours rite, from the lots themselves: the first lot's hours, the first and last nights.
 * Before the lots are read it names no date, rather than one the lots may contradict.
 */
export function hoursRite(lots: readonly Timed[]): string {
  const exhibition = `The live Exhibition keeps the hours ${HOUSE_HOURS}.`;
  if (lots.length === 0) return `Each lot shows when it opens and when it closes, in New York time. ${exhibition}`;
  const first = lots.reduce((a, b) => (a.opensAt <= b.opensAt ? a : b));
  const last = lots.reduce((a, b) => (a.closesAt >= b.closesAt ? a : b));
  return `Each night's lots open at ${formatTime(first.opensAt)} and close at ${formatTime(first.closesAt)}, from ${formatDayLabel(first.opensAt)} to ${formatDayLabel(last.closesAt)}. ${exhibition}`;
}

/** The rules of bidding, in the House's words; every figure comes from the shared constants, the hours from the lots. */
export function rites(lots: readonly Timed[]): Rite[] {
  return [
    {
      numeral: "I",
      title: "Dollars and credits",
      text: `Every bid is a dollar amount. Cover any part of it with your MPC credits (1 credit = $${CREDIT_VALUE_USD}) and the rest in real dollars. Every $${DOLLARS_PER_CREDIT} you spend in the shop earns 1 credit.`,
    },
    {
      numeral: "II",
      title: "Outbid to lead",
      text: `A bid must exceed the current bid by at least $${BID_INCREMENT_USD}; a lot's first bid must meet its opening bid. The highest bidder cannot bid again until someone outbids them.`,
    },
    {
      numeral: "III",
      title: "Committed, not spent",
      text: "While you lead, the credits on your bid are committed: held, not taken. Outbid, they return to you at once. They are deducted only when you pay for a lot you have won.",
    },
    {
      numeral: "IV",
      title: "The hours",
      text: hoursRite(lots),
    },
    {
      numeral: "V",
      title: "Claiming a prize",
      text: "Win a lot and the House sends a link to the shop's checkout. Pay the dollar portion there before the claim window closes; your credits are deducted then. An unclaimed prize returns to the House.",
    },
  ];
}
