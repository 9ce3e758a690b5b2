/**
 * Money is never a float: amounts travel as numeric strings with two decimals ("12.50") and are
 * computed in integer cents.
 */
const MONEY = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function toCents(value: string | number): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${value}`);
    return Math.round(value * 100);
  }
  const match = MONEY.exec(value.trim());
  if (!match) throw new RangeError(`not an amount: ${value}`);
  const [, sign, whole = "0", frac = ""] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return sign ? -cents : cents;
}

export function isMoneyString(value: string): boolean {
  return MONEY.test(value.trim());
}

/** 1234 -> "12.34", -5 -> "-0.05". */
export function fromCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Normalises any amount to the two-decimal numeric string the API sends. */
export function formatMoney(value: string | number): string {
  return fromCents(toCents(value));
}

/** "1234.50" -> "1,234.50": thousands grouped (the figure as the pages write it). */
export function groupThousands(twoDecimals: string): string {
  const negative = twoDecimals.startsWith("-");
  const [whole = "0", frac = "00"] = (negative ? twoDecimals.slice(1) : twoDecimals).split(".");
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${withCommas}.${frac}`;
}

/** A dollar amount as the member reads it: "$12.00", "$1,250.00" (the pages and the server's first screen). */
export function usd(value: string | number): string {
  const text = groupThousands(formatMoney(value));
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

/** Whole credits for the header figure: rounded to the nearest whole credit. */
export function wholeCredits(value: string | number): number {
  return Math.round(toCents(value) / 100);
}
