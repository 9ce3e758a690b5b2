import { CatalogueToasts, type GiftGuideProductView } from "@bm/shared";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { usd } from "../../../lib/format";
import { usePurchaseWithCredits } from "../api/purchase-with-credits";
import { ProductCard } from "./product-card";

interface OpenCheckout {
  title: string;
  cartUrl: string;
  creditsSpent: number;
}

/**
 * 'Spend Your Credits' (staff only: the server sends these products to staff alone): each product
 * takes up to N credits as a dollar discount; after the purchase a dialog offers the checkout.
 */
export function SpendCredits({ products }: { products: GiftGuideProductView[] }) {
  const purchase = usePurchaseWithCredits();
  const [buying, setBuying] = useState<number | null>(null);
  const [checkout, setCheckout] = useState<OpenCheckout | null>(null);

  async function buy(product: GiftGuideProductView) {
    if (purchase.isPending) return;
    setBuying(product.id);
    try {
      const answer = await purchase.mutateAsync(product);
      toast({
        title: CatalogueToasts.creditsAppliedTitle,
        description: CatalogueToasts.creditsApplied(answer.creditsSpent),
      });
      setCheckout({ title: product.title, cartUrl: answer.cartUrl, creditsSpent: answer.creditsSpent });
    } catch {
      toast({
        title: CatalogueToasts.purchaseFailedTitle,
        description: CatalogueToasts.purchaseFailed,
        variant: "destructive",
      });
    } finally {
      setBuying(null);
    }
  }

  return (
    <section aria-labelledby="spend-credits" className="mt-14">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">For the House's staff</p>
        <h2 id="spend-credits" className="mt-2 text-2xl sm:text-4xl">
          Spend Your Credits
        </h2>
        <p className="mt-2 max-w-xl text-base text-bone-muted italic">
          Each credit takes a dollar off. The credits are held while your checkout is open, and spent once you pay.
        </p>
      </header>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              headingLevel={3}
              price={
                <>
                  {usd(product.price)}
                  <span className="ml-2 text-sm text-bone-muted">use up to {product.creditPrice} credits</span>
                </>
              }
              actions={
                <Button
                  onClick={() => void buy(product)}
                  disabled={purchase.isPending}
                  className="min-h-11 w-full px-3 text-[0.75rem]"
                >
                  {buying === product.id ? <Spinner className="h-4 w-4" /> : null}
                  Use {product.creditPrice} credits for {usd(product.creditPrice ?? 0)} off
                </Button>
              }
            />
          </li>
        ))}
      </ul>
      <CheckoutDialog checkout={checkout} onClose={() => setCheckout(null)} />
    </section>
  );
}

/** After a credit purchase: the discounted checkout, on the shop, in a new tab. */
function CheckoutDialog({ checkout, onClose }: { checkout: OpenCheckout | null; onClose: () => void }) {
  return (
    <Dialog
      open={checkout !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Your Discount Awaits"
      description={checkout ? `${checkout.title}: ${usd(checkout.creditsSpent)} off with your credits.` : undefined}
    >
      {checkout && (
        <div className="flex flex-col gap-4">
          <p className="text-base text-bone-muted">
            Complete the purchase on the shop's checkout. Your {checkout.creditsSpent} credits stay held until it is
            paid; unpaid, they return to you when the claim window closes.
          </p>
          <a
            href={checkout.cartUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            className="btn btn-primary min-h-11"
          >
            Checkout on the store<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Button variant="ghost" onClick={onClose}>
            Later
          </Button>
        </div>
      )}
    </Dialog>
  );
}
