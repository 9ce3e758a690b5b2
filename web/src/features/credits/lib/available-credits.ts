import { availableCents as availableOf, toCents } from "@bm/shared";

/**
 * Available credits in cents: max(0, balance − committed). With the committed figure unknown,
 * the balance; with no balance at all, null.
 */
export function availableCreditsCents(balance: string | null | undefined, committed: number | null): number | null {
  if (balance == null) return null;
  return availableOf(toCents(balance), committed === null ? 0 : toCents(committed));
}
