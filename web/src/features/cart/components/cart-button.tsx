import { cn } from "../../../lib/cn";
import { cartItemCount, useCartStore } from "../../../stores/cart-store";

export function CartButton({ className }: { className?: string }) {
  const count = useCartStore((s) => cartItemCount(s.lines));
  const setOpen = useCartStore((s) => s.setOpen);
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-label={count === 1 ? "Cart, 1 item" : `Cart, ${count} items`}
      className={cn(
        "relative flex h-10 w-10 items-center justify-center rounded-sm border border-gold/25 text-gold transition-colors hover:border-gold-bright hover:text-gold-bright",
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        aria-hidden="true"
      >
        <path d="M5 8 H19 L17.6 19.2 A1.5 1.5 0 0 1 16.1 20.5 H7.9 A1.5 1.5 0 0 1 6.4 19.2 Z" strokeLinejoin="round" />
        <path d="M9 8 V6.5 A3 3 0 0 1 15 6.5 V8" />
        <path d="M12 11.5 L13.2 14 L12 16.5 L10.8 14 Z" fill="currentColor" stroke="none" />
      </svg>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full border border-gold/60 bg-blood px-1 font-display text-[0.75rem] font-semibold text-bone lining-nums tabular-nums"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </button>
  );
}
