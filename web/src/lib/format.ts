import { formatMoney, fromCents, groupThousands, usd } from "@bm/shared";

export { roman, usd } from "@bm/shared";

export function usdFromCents(cents: number): string {
  return usd(fromCents(cents));
}

/** Credits with two decimals: "12.50". */
export function credits(value: string | number): string {
  return groupThousands(formatMoney(value));
}

export function creditsFromCents(cents: number): string {
  return groupThousands(fromCents(cents));
}

// Dates and times: `formatDateTime`, `formatDate`, `formatTime` and `formatDayLabel` of
// @bm/shared (New York, the zone named), the one way every page and e-mail shows time.

/** The first `count` words, with an ellipsis when something was cut. */
export function previewWords(text: string | null | undefined, count: number): string {
  const words = (text ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length <= count) return words.join(" ");
  return `${words.slice(0, count).join(" ")}…`;
}
