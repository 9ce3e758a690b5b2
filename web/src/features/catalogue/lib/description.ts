import { CATALOGUE_DESCRIPTION_CUT } from "@bm/shared";

/** A description cut at 80 characters (on a word when one ends close by), and whether it was cut. */
export function cutDescription(text: string, limit = CATALOGUE_DESCRIPTION_CUT): { short: string; cut: boolean } {
  const chars = Array.from(text.trim());
  if (chars.length <= limit) return { short: chars.join(""), cut: false };
  return { short: `${chars.slice(0, limit).join("").trimEnd()}...`, cut: true };
}
