import { type DevCheckoutAnswer, fromCents, toCents } from "@bm/shared";
import { buttonClass } from "../../../components/ui/button";

interface CheckoutSummaryProps {
  checkout: DevCheckoutAnswer;
  paying: boolean;
  onPay: () => void;
}

/** The order's lines and totals, then Pay, the paid order, or the notice of a withdrawn checkout. */
export function CheckoutSummary({ checkout, paying, onPay }: CheckoutSummaryProps) {
  return (
    <section className="panel mt-10 p-5 sm:p-8" aria-label="Order summary">
      <ul className="divide-y divide-gold/15">
        {checkout.lines.map((line) => (
          <li key={line.variantId} className="flex items-baseline justify-between gap-4 py-3">
            <span>
              {line.title} <span className="text-bone-faint">× {line.quantity}</span>
            </span>
            <span className="text-right tabular-nums">
              ${fromCents(toCents(line.unitPrice) * line.quantity)}
              {line.quantity > 1 && <span className="block text-sm text-bone-faint">${line.unitPrice} each</span>}
            </span>
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
            <dt className="text-bone-muted">Discount {checkout.discountCode ? `(${checkout.discountCode})` : ""}</dt>
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
        <button type="button" className={buttonClass("primary", "mt-8 w-full")} disabled={paying} onClick={onPay}>
          {paying ? "Paying..." : `Pay $${checkout.total} (simulated)`}
        </button>
      )}
    </section>
  );
}
