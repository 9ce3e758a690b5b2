import { DOLLARS_PER_CREDIT } from "../constants";

/** Credits earned for one product line: ceil(unit price / rate) per unit, times quantity. */
export function creditsForPurchaseLine(unitPriceCents: number, quantity: number): number {
  if (unitPriceCents <= 0 || quantity <= 0) return 0;
  return Math.ceil(unitPriceCents / (DOLLARS_PER_CREDIT * 100)) * quantity;
}

/** Available = max(0, balance - committed), in cents. */
export function availableCents(balanceCents: number, committedCents: number): number {
  return Math.max(0, balanceCents - committedCents);
}
