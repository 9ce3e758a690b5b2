import type { LedgerKind } from "@bm/shared";
import { formatCalendarDate } from "../../../components/admin";

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A count as the charts write it: "1,234". */
export const countText = (n: number) => whole.format(n);
/** Credits as the charts write them: "1,234.50" (the wire's two decimals, grouped). */
export const creditsText = (value: string | number) => money.format(Number(value));
/** A New York calendar day on an axis: "Nov 25". */
export const shortDay = (date: string) => formatCalendarDate(date).replace(/, \d{4}$/, "");

/** What each ledger kind is, as the operator reads it on the credits charts. */
export const KIND_WORDS: Record<LedgerKind, string> = {
  purchase: "Shop purchases",
  puzzle: "Puzzles",
  trial: "Trials",
  referral: "Referrals",
  signup: "Welcome credits",
  social: "Social Rite",
  loyalty: "Loyalty",
  lot_payment: "Lots won",
  catalogue: "Catalogue",
  admin: "Adjustments",
};

/** The largest of a list (the first on a tie), or undefined for an empty list or one of zeros. */
export function busiest<T>(rows: readonly T[], value: (row: T) => number): T | undefined {
  let best: T | undefined;
  for (const row of rows) if (value(row) > 0 && (best === undefined || value(row) > value(best))) best = row;
  return best;
}
