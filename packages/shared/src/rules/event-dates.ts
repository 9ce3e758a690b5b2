import { AUCTION_DAYS } from "../constants";
import { addDays, newYorkDate } from "./calendar";
import { CHALLENGE_CALENDAR_DAYS } from "./challenges";

/** The event's dates as the FAQ and the terms state them, New York dates (YYYY-MM-DD). */
export interface EventDates {
  /** The Earn Credits section opens (the day after the calendar's bonus entry): 1 Nov 2025 by default. */
  redeemFrom: string;
  /** The auction's first and last nights: 28 Nov and 1 Dec 2025 by default. */
  auctionFirst: string;
  auctionLast: string;
  /** The last day credits can be used (the day after the auction's last night): 2 Dec 2025 by default. */
  redeemUntil: string;
}

/**
 * Every date the pages state, from the auction's first opening alone (EVENT_AUCTION_START, or the
 * lots the demo placed around today), so no page contradicts the calendar the server runs.
 */
export function eventDates(auctionStart: Date | string): EventDates {
  const auctionFirst = newYorkDate(new Date(auctionStart));
  const auctionLast = addDays(auctionFirst, AUCTION_DAYS.length - 1);
  return {
    redeemFrom: addDays(auctionFirst, -(CHALLENGE_CALENDAR_DAYS - 1)),
    auctionFirst,
    auctionLast,
    redeemUntil: addDays(auctionLast, 1),
  };
}
