import type { DevCheckoutAnswer } from "@bm/shared";
import { Link, useParams } from "react-router-dom";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { ApiError, messageOf } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDevCheckout, usePayDevCheckout } from "../api/dev-checkout";
import { CheckoutSummary } from "./checkout-summary";
import { SimulatedNotice } from "./simulated-notice";

type Load =
  | { kind: "loading" }
  | { kind: "ready"; checkout: DevCheckoutAnswer }
  /** 404: no such checkout, or another member's (the server tells those apart to nobody). */
  | { kind: "missing" }
  | { kind: "error"; message: string };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The built-in dev shop's hosted checkout: what the real shop's checkout page is in production.
 * Paying here records an order the purchase sync credits like a real one; no money moves.
 */
export function DevCheckoutPage() {
  const { id = "" } = useParams();
  const query = useDevCheckout(id);
  const payment = usePayDevCheckout(id);
  const paying = payment.isPending;
  const load: Load =
    isNotFound(payment.error) || (!query.data && isNotFound(query.error))
      ? { kind: "missing" }
      : query.data
        ? { kind: "ready", checkout: query.data }
        : query.isError
          ? { kind: "error", message: messageOf(query.error, "This checkout could not be loaded") }
          : { kind: "loading" };
  useDocumentTitle(load.kind === "missing" ? "Checkout not found" : "Checkout");

  async function pay() {
    try {
      const paid = await payment.mutateAsync();
      toast({ title: "Order placed", description: `Order ${paid.orderName} is paid.`, aboutPage: true });
    } catch (error) {
      if (isNotFound(error)) return;
      toast({
        title: "Payment Failed",
        description: messageOf(error, "The payment did not go through"),
        variant: "destructive",
        aboutPage: true,
      });
      // Withdrawn meanwhile (its claim window passed): show it as the shop now holds it.
      if (error instanceof ApiError && error.status === 409) void query.refetch();
    }
  }

  return (
    <main className="mx-auto w-full max-w-xl flex-1 px-4 py-12 sm:py-16">
      <SimulatedNotice />
      <p className="eyebrow mt-8 text-center">The House's shop · dev checkout</p>
      <h1 className="mt-2 text-center text-3xl sm:text-4xl">
        {load.kind === "missing" ? "Checkout not found" : "Checkout"}
      </h1>
      <div className="hairline mx-auto mt-6 w-40" />

      {load.kind === "loading" && <p className="mt-10 text-center text-bone-faint">Loading...</p>}
      {load.kind === "error" && <p className="mt-10 text-center text-lg text-bone-muted italic">{load.message}</p>}
      {load.kind === "missing" && (
        <p className="mt-10 text-center text-lg text-bone-muted italic">
          No checkout by this link is open to you. It may belong to another member, or the link is incomplete.
        </p>
      )}
      {load.kind === "ready" && <CheckoutSummary checkout={load.checkout} paying={paying} onPay={pay} />}

      <p className="mt-8 text-center">
        <Link to={paths.sanctum.href()} className="link-quiet">
          Return to the Sanctum
        </Link>
      </p>
    </main>
  );
}
