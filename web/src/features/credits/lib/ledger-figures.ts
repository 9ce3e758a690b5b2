import type { CreditsHistoryAnswer } from "@bm/shared";

type EntryType = CreditsHistoryAnswer["credits"][number]["type"];

const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A balance or a total as the credits history shows it: rounded to a whole number ("1,235"). */
export function wholeCredits(value: string | number): string {
  const n = typeof value === "number" ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) return "0";
  // Rounded on cents first, so 12.495 stored as 12.50 reads 13, never 12.
  return grouping.format(Math.round(Math.round(n * 100) / 100));
}

/** One entry's credits: whole when whole ("+5"), else with cents ("-12.50"); a true minus sign. */
export function signedCredits(value: number): string {
  const abs = Math.abs(value);
  const figure = Number.isInteger(Math.round(abs * 100) / 100) ? grouping.format(abs) : cents.format(abs);
  return `${value < 0 ? "\u2212" : "+"}${figure}`;
}

/** A figure without a sign, whole when whole: "32", "12.50". */
export function plainCredits(value: number): string {
  return Number.isInteger(Math.round(value * 100) / 100) ? grouping.format(value) : cents.format(value);
}

const ENTRY_LABEL: Record<EntryType, string> = {
  purchase: "Purchase",
  puzzle: "Puzzle",
  trial: "Trial",
  referral: "Referral",
  signup: "Welcome",
  social: "Social Rite",
  loyalty: "Loyalty",
  lot_payment: "Lot payment",
  catalogue: "Catalogue",
  admin: "The House",
};

/** The small mark before an entry's title: what kind of entry it is. */
export function entryLabel(type: EntryType): string {
  return ENTRY_LABEL[type];
}
