import { fromCents } from "@bm/shared";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { type CartLine, cartItemCount, cartTotal, priceCents, useCartStore } from "../../../stores/cart-store";
import { useCreateCheckout } from "../api/create-checkout";

/** Opens the hosted checkout in a new tab, or in this one when the pop-up is blocked. */
function openCheckout(url: string) {
  const opened = window.open(url, "_blank");
  if (opened) opened.opener = null;
  else window.location.assign(url);
}

export function CartSheet() {
  const isOpen = useCartStore((s) => s.isOpen);
  const setOpen = useCartStore((s) => s.setOpen);
  const lines = useCartStore((s) => s.lines);
  const checkout = useCreateCheckout();
  const pending = checkout.isPending;
  const count = cartItemCount(lines);

  async function onCheckout() {
    if (lines.length === 0) {
      toast({
        title: "Cart Empty",
        description: "Please add items to your cart before checking out",
        variant: "destructive",
      });
      return;
    }
    try {
      openCheckout(await checkout.mutateAsync(lines));
    } catch (error) {
      toast({
        title: "Checkout Error",
        description: messageOf(error, "Failed to proceed to checkout"),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setOpen}
      placement="right"
      title="Your Cart"
      description="Artifacts set aside for you."
    >
      {lines.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 py-12 text-center">
          <svg
            viewBox="0 0 48 48"
            className="h-12 w-12 text-gold-dim"
            fill="none"
            stroke="currentColor"
            strokeWidth="1"
            aria-hidden="true"
          >
            <path d="M10 16 H38 L35 40 H13 Z" strokeLinejoin="round" />
            <path d="M18 16 V13 A6 6 0 0 1 30 13 V16" />
          </svg>
          <p className="text-lg italic text-bone-muted">Your cart is empty</p>
        </div>
      ) : (
        <ul className="flex flex-1 flex-col gap-3" aria-label="Cart items">
          {lines.map((line) => (
            <CartLineRow key={String(line.product.id)} line={line} />
          ))}
        </ul>
      )}
      <div className="mt-6 border-t border-gold/20 pt-4">
        <dl className="flex flex-col gap-1 text-base">
          <div className="flex justify-between text-bone-muted">
            <dt>Items</dt>
            <dd className="lining-nums tabular-nums">{count}</dd>
          </div>
          <div className="flex justify-between font-display text-lg tracking-wider">
            <dt>Total</dt>
            <dd className="text-gold-bright lining-nums tabular-nums">${cartTotal(lines)}</dd>
          </div>
        </dl>
        <Button className="mt-4 w-full" onClick={onCheckout} disabled={pending}>
          {pending && <Spinner className="h-4 w-4" />}
          {pending ? "Opening checkout..." : "Checkout"}
        </Button>
      </div>
    </Dialog>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const updateQuantity = useCartStore((s) => s.updateQuantity);
  const removeItem = useCartStore((s) => s.removeItem);
  const { product, quantity } = line;
  const unit = fromCents(priceCents(product.price));
  return (
    <li className="flex flex-col gap-2 border border-gold/15 bg-ink-950/50 p-3">
      <div className="flex items-start justify-between gap-3">
        <p className="font-display text-sm leading-snug tracking-wide">{product.title}</p>
        <p className="shrink-0 text-base text-gold lining-nums tabular-nums">${unit}</p>
      </div>
      <div className="flex items-center justify-between">
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Quantity of {product.title}</legend>
          <QtyButton label={`Decrease quantity of ${product.title}`} onClick={() => updateQuantity(product.id, -1)}>
            −
          </QtyButton>
          <span className="w-8 text-center lining-nums tabular-nums" aria-live="polite">
            {quantity}
          </span>
          <QtyButton label={`Increase quantity of ${product.title}`} onClick={() => updateQuantity(product.id, 1)}>
            +
          </QtyButton>
        </fieldset>
        <button
          type="button"
          onClick={() => removeItem(product.id)}
          className="link-quiet text-sm"
          aria-label={`Remove ${product.title}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

function QtyButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex h-9 w-9 items-center justify-center border border-gold/30 font-display text-lg text-gold transition-colors hover:border-gold-bright hover:text-gold-bright"
    >
      {children}
    </button>
  );
}
