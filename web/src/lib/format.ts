import { formatMoney, fromCents } from "@bm/shared";

export { roman } from "@bm/shared";

/** "1234.5" -> "1,234.50": two decimals, thousands grouped. */
function grouped(twoDecimals: string): string {
  const negative = twoDecimals.startsWith("-");
  const [whole = "0", frac = "00"] = (negative ? twoDecimals.slice(1) : twoDecimals).split(".");
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${withCommas}.${frac}`;
}

/** A dollar amount as the member reads it: "$12.00", "$1,250.00". */
export function usd(value: string | number): string {
  const text = grouped(formatMoney(value));
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

export function usdFromCents(cents: number): string {
  return usd(fromCents(cents));
}

/** Credits with two decimals: "12.50". */
export function credits(value: string | number): string {
  return grouped(formatMoney(value));
}

export function creditsFromCents(cents: number): string {
  return grouped(fromCents(cents));
}

// Dates and times: `formatDateTime`, `formatDate`, `formatTime` and `formatDayLabel` of
// @bm/shared (New York, the zone named), the one way every page and e-mail shows time.

/** The first `count` words, with an ellipsis when something was cut. */
export function previewWords(text: string | null | undefined, count: number): string {
  const words = (text ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length <= count) return words.join(" ");
  return `${words.slice(0, count).join(" ")}…`;
}
