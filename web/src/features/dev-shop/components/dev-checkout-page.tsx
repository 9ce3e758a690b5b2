import type { DevCheckoutAnswer } from "@bm/shared";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { buttonClass } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { getDevCheckout, payDevCheckout } from "../api/dev-checkout";

/**
 * The built-in dev shop's hosted checkout: what the real shop's checkout page is in production.
 * Paying here records an order the purchase sync credits like a real one.
 */
export function DevCheckoutPage() {
  useDocumentTitle("Checkout");
  const { id = "" } = useParams();
  const [checkout, setCheckout] = useState<DevCheckoutAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    getDevCheckout(id).then(setCheckout, (e) => setError(messageOf(e, "This checkout could not be loaded")));
  }, [id]);

  async function pay() {
    setPaying(true);
    try {
      const paid = await payDevCheckout(id);
      setCheckout(paid);
      toast({ title: "Order placed", description: `Order ${paid.orderName} is paid.` });
    } catch (e) {
      toast({
        title: "Payment Failed",
        description: messageOf(e, "The payment did not go through"),
        variant: "destructive",
      });
    } finally {
      setPaying(false);
    }
  }

  return (
    <main className="mx-auto w-full max-w-xl flex-1 px-4 py-12 sm:py-16">
      <p className="eyebrow text-center">The House's shop · dev checkout</p>
      <h1 className="mt-2 text-center text-3xl sm:text-4xl">Checkout</h1>
      <div className="hairline mx-auto mt-6 w-40" />

      {error && <p className="mt-10 text-center text-lg text-bone-muted italic">{error}</p>}
      {!error && !checkout && <p className="mt-10 text-center text-bone-faint">Loading...</p>}

      {checkout && (
        <section className="panel mt-10 p-5 sm:p-8" aria-label="Order summary">
          <ul className="divide-y divide-gold/15">
            {checkout.lines.map((line) => (
              <li key={line.variantId} className="flex items-baseline justify-between gap-4 py-3">
                <span>
                  {line.title} <span className="text-bone-faint">× {line.quantity}</span>
                </span>
                <span className="tabular-nums">${line.unitPrice}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 border-t border-gold/25 pt-4 tabular-nums">
            <div className="flex justify-between">
              <dt className="text-bone-muted">Subtotal</dt>
              <dd>${checkout.subtotal}</dd>
            </div>
            {checkout.discount !== "0.00" && (
              <div className="flex justify-between">
                <dt className="text-bone-muted">
                  Discount {checkout.discountCode ? `(${checkout.discountCode})` : ""}
                </dt>
                <dd>−${checkout.discount}</dd>
              </div>
            )}
            <div className="flex justify-between text-lg">
              <dt>Total</dt>
              <dd>${checkout.total}</dd>
            </div>
          </dl>
          {checkout.status === "paid" ? (
            <p className="mt-8 text-center text-lg">
              Paid · order <strong>{checkout.orderName}</strong>
            </p>
          ) : checkout.status === "cancelled" ? (
            <p className="mt-8 text-center text-lg text-bone-muted italic">
              This checkout has been withdrawn: its claim window has passed.
            </p>
          ) : (
            <button type="button" className={buttonClass("primary", "mt-8 w-full")} disabled={paying} onClick={pay}>
              {paying ? "Paying..." : `Pay $${checkout.total}`}
            </button>
          )}
        </section>
      )}
      <p className="mt-8 text-center">
        <Link to={paths.sanctum.href()} className="link-quiet">
          Return to the Sanctum
        </Link>
      </p>
    </main>
  );
}
