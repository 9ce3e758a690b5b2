import { fromCents, toCents } from "@bm/shared";
import { create } from "zustand";
import { persist, type StateStorage } from "zustand/middleware";

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

/** Where the cart is kept: versioned, so a cart stored in an older shape is dropped, never misread. */
export const CART_STORAGE_KEY = "bm.cart.v2";
const CART_VERSION = 2;
/** Keys of older versions, removed when found. */
const LEGACY_KEYS = ["bm.cart"];

interface StoredCart {
  lines: CartLine[];
  pendingCheckout: PendingCheckout | null;
}
const EMPTY: StoredCart = { lines: [], pendingCheckout: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const optionalString = (value: unknown) => value === undefined || value === null || typeof value === "string";

function isLine(value: unknown): value is CartLine {
  if (!isRecord(value) || !isRecord(value.product)) return false;
  const { product, quantity } = value;
  return (
    (typeof product.id === "number" || typeof product.id === "string") &&
    typeof product.title === "string" &&
    typeof product.shopifyVariantId === "string" &&
    product.shopifyVariantId.length > 0 &&
    optionalString(product.price) &&
    optionalString(product.imageUrl) &&
    typeof quantity === "number" &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= 99
  );
}

/** The persisted part of the cart, when `value` is one (the lines and the pending checkout). */
function asStoredCart(value: unknown): StoredCart | null {
  if (!isRecord(value) || !Array.isArray(value.lines) || value.lines.length > 50 || !value.lines.every(isLine))
    return null;
  const pending = value.pendingCheckout ?? null;
  if (pending !== null) {
    if (!isRecord(pending) || typeof pending.url !== "string") return null;
    if (!Array.isArray(pending.lines) || !pending.lines.every(isLine)) return null;
  }
  return { lines: value.lines, pendingCheckout: pending as PendingCheckout | null };
}

/** A stored value that is not a cart of this version (edited, corrupt, older) is dropped. */
export function parseStoredCart(raw: string | null): { state: StoredCart; version: number } | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.version !== CART_VERSION) return null;
    const state = asStoredCart(parsed.state);
    return state ? { state, version: CART_VERSION } : null;
  } catch {
    return null;
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage refused (private mode, blocked cookies): the cart lives in memory only.
    return null;
  }
}

/** localStorage, shared by the member's tabs; a value that does not parse is removed. */
const cartStorage: StateStorage = {
  getItem: (name) => {
    const storage = browserStorage();
    if (!storage) return null;
    for (const key of LEGACY_KEYS) storage.removeItem(key);
    const raw = storage.getItem(name);
    if (raw !== null && !parseStoredCart(raw)) {
      storage.removeItem(name);
      return null;
    }
    return raw;
  },
  setItem: (name, value) => {
    try {
      browserStorage()?.setItem(name, value);
    } catch {
      // Quota or a refused storage: the cart stays in memory.
    }
  },
  removeItem: (name) => browserStorage()?.removeItem(name),
};

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
      // The cart survives reloads and is shared by the member's tabs (see `followCartInOtherTabs`).
      name: CART_STORAGE_KEY,
      version: CART_VERSION,
      storage: {
        getItem: (name) => parseStoredCart(cartStorage.getItem(name) as string | null),
        setItem: (name, value) => cartStorage.setItem(name, JSON.stringify(value)),
        removeItem: (name) => cartStorage.removeItem(name),
      },
      partialize: (state) => ({ lines: state.lines, pendingCheckout: state.pendingCheckout }),
      // Only what was validated replaces the lines; anything else leaves an empty cart.
      migrate: () => EMPTY,
      merge: (persisted, current) => {
        return { ...current, ...(asStoredCart(persisted) ?? EMPTY) };
      },
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

/**
 * Another tab changed the cart: this one reads it again (a cleared or corrupt value empties it).
 * Read once more as it starts to follow: a change another tab made before this one listened (the
 * member layer mounts once the page has painted) would otherwise be missed. Returns the unsubscribe.
 */
export function followCartInOtherTabs(): () => void {
  if (typeof window === "undefined") return () => {};
  const reread = (raw: string | null) => {
    if (raw === null || !parseStoredCart(raw)) {
      useCartStore.setState({ ...EMPTY });
      return;
    }
    void useCartStore.persist.rehydrate();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    reread(event.newValue);
  };
  window.addEventListener("storage", onStorage);
  const stored = browserStorage()?.getItem(CART_STORAGE_KEY);
  if (stored != null) reread(stored);
  return () => window.removeEventListener("storage", onStorage);
}
