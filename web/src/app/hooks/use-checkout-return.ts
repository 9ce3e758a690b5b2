import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../components/ui/toast";
import { settleCheckout, useCartStore } from "../../features/cart";
import { refreshCredits, syncShopify } from "../../features/credits";
import { getDevCheckout } from "../../features/dev-shop/api/dev-checkout";
import { messageOf } from "../../lib/api";

/** The dev shop's checkout id in a checkout address; null for another shop's. */
export function devCheckoutId(url: string): string | null {
  try {
    const match = /^\/dev-shop\/checkout\/([^/?#]+)/.exec(new URL(url, window.location.origin).pathname);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Back from the cart's checkout (this tab shown again): when the shop says it was paid, what it
 * bought leaves the cart and the member is offered the sync that turns the order into credits.
 * Only the built-in dev shop can be asked; a real shop's order shows at the next sync.
 */
export function useCheckoutReturn(): void {
  const client = useQueryClient();
  useEffect(() => {
    let asking = false;
    async function check() {
      const pending = useCartStore.getState().pendingCheckout;
      const id = pending ? devCheckoutId(pending.url) : null;
      if (!id || asking || document.visibilityState !== "visible") return;
      asking = true;
      try {
        const checkout = await getDevCheckout(id);
        if (checkout.status === "open") return;
        settleCheckout(checkout.status === "paid");
        if (checkout.status !== "paid") return;
        toast({
          title: "Order paid",
          description: `${checkout.orderName ? `Order ${checkout.orderName}` : "Your order"} is paid; its items left your cart. Sync your purchases to earn its credits.`,
          action: {
            label: "Sync purchases",
            onClick: () =>
              void syncShopify().then(
                (answer) => {
                  toast({ title: "Shopify Sync Complete", description: answer.message });
                  refreshCredits(client);
                },
                (error) =>
                  toast({
                    title: "Sync Failed",
                    description: messageOf(error, "Failed to sync with Shopify"),
                    variant: "destructive",
                  }),
              ),
          },
        });
      } catch {
        // Not reachable now: asked again the next time the tab is shown.
      } finally {
        asking = false;
      }
    }
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [client]);
}
