import {
  BID_INCREMENT_USD,
  CREDIT_VALUE_USD,
  DOLLARS_PER_CREDIT,
  LOT_CLOSES_HOUR_NY,
  LOT_OPENS_HOUR_NY,
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

const clock = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;

interface Rite {
  numeral: string;
  title: string;
  text: string;
}

/** The rules of bidding, in the House's words; every figure comes from the shared constants. */
export const RITES: Rite[] = [
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
    text: `Each night's lots open at ${clock(LOT_OPENS_HOUR_NY)} and close at ${clock(LOT_CLOSES_HOUR_NY)} New York time, Friday Nov 28 to Monday Dec 1, 2025. The live Exhibition keeps the hours ${HOUSE_HOURS}.`,
  },
  {
    numeral: "V",
    title: "Claiming a prize",
    text: "Win a lot and the House sends a link to the shop's checkout. Pay the dollar portion there before the claim window closes; your credits are deducted then. An unclaimed prize returns to the House.",
  },
];
