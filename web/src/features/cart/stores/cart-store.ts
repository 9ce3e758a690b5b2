import { fromCents, toCents } from "@bm/shared";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

type ProductId = number | string;

/** What the cart keeps of a catalogue product. */
export interface CartProduct {
  id: ProductId;
  title: string;
  /** Dollars as a numeric string ("24.00"); a missing price counts as 0. */
  price?: string | null;
  shopifyVariantId: string;
  imageUrl?: string | null;
}

export interface CartLine {
  product: CartProduct;
  quantity: number;
}

/** A checkout opened for these lines, not yet known to be paid. */
export interface PendingCheckout {
  url: string;
  lines: CartLine[];
}

interface CartState {
  lines: CartLine[];
  isOpen: boolean;
  pendingCheckout: PendingCheckout | null;
  /** An existing product gains 1; a new product enters with quantity 1. */
  addItem: (product: CartProduct) => void;
  /** Changes a line's quantity by `delta`; the line goes when the result is 0 or less. */
  updateQuantity: (productId: ProductId, delta: number) => void;
  removeItem: (productId: ProductId) => void;
  clear: () => void;
  setOpen: (open: boolean) => void;
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      isOpen: false,
      pendingCheckout: null,
      addItem: (product) =>
        set((state) => {
          const existing = state.lines.find((line) => line.product.id === product.id);
          if (existing) {
            return {
              lines: state.lines.map((line) =>
                line.product.id === product.id ? { ...line, quantity: line.quantity + 1 } : line,
              ),
            };
          }
          return { lines: [...state.lines, { product, quantity: 1 }] };
        }),
      updateQuantity: (productId, delta) =>
        set((state) => ({
          lines: state.lines
            .map((line) => (line.product.id === productId ? { ...line, quantity: line.quantity + delta } : line))
            .filter((line) => line.quantity > 0),
        })),
      removeItem: (productId) =>
        set((state) => ({ lines: state.lines.filter((line) => line.product.id !== productId) })),
      clear: () => set({ lines: [] }),
      setOpen: (isOpen) => set({ isOpen }),
    }),
    {
      // The cart lives for the browser tab's session, like the page session the spec describes.
      name: "bm.cart",
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ lines: state.lines, pendingCheckout: state.pendingCheckout }),
    },
  ),
);

export function priceCents(price: string | null | undefined): number {
  if (!price) return 0;
  try {
    return toCents(price);
  } catch {
    return 0;
  }
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Total as a two-decimal string, computed in cents. */
export function cartTotal(lines: CartLine[]): string {
  return fromCents(lines.reduce((sum, line) => sum + priceCents(line.product.price) * line.quantity, 0));
}

export function resetCart(): void {
  useCartStore.setState({ lines: [], isOpen: false, pendingCheckout: null });
}

/** The checkout opened for `lines` at `url`: remembered until the shop says it was paid or dropped. */
export function noteCheckoutOpened(url: string, lines: CartLine[]): void {
  useCartStore.setState({ pendingCheckout: { url, lines } });
}

/**
 * The pending checkout was paid: what it bought leaves the cart (a line added since, or a
 * quantity raised since, stays).
 */
export function settleCheckout(paid: boolean): void {
  useCartStore.setState((state) => {
    const bought = state.pendingCheckout?.lines ?? [];
    if (!paid || bought.length === 0) return { pendingCheckout: null };
    const lines = state.lines
      .map((line) => {
        const took = bought.find((one) => one.product.id === line.product.id)?.quantity ?? 0;
        return { ...line, quantity: line.quantity - took };
      })
      .filter((line) => line.quantity > 0);
    return { lines, pendingCheckout: null };
  });
}
