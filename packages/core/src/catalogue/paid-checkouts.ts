import type { PaidCheckoutListener } from "../credits/purchases.service";

/**
 * A paid checkout is told to every feature that opens checkouts (a won lot's claim, a catalogue
 * credit purchase); each recognises its own and ignores the rest. True when one recorded it.
 */
export function everyPaidCheckoutListener(...listeners: PaidCheckoutListener[]): PaidCheckoutListener {
  return {
    async recordPaidCheckout(checkoutId: string): Promise<boolean> {
      let recorded = false;
      for (const listener of listeners) recorded = (await listener.recordPaidCheckout(checkoutId)) || recorded;
      return recorded;
    },
  };
}
