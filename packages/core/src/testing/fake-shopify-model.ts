/** The fake Shopify store's records and the helpers its answers share, in Shopify's shapes. */

export interface FakeVariant {
  id: number;
  title: string;
  price: string;
  available: boolean;
}
export interface FakeProduct {
  id: number;
  title: string;
  handle: string;
  description: string;
  status: "ACTIVE" | "DRAFT";
  images: string[];
  variants: FakeVariant[];
}
export interface FakeLine {
  title: string;
  quantity: number;
  variantId: number | null;
  price: string;
}
export interface FakeDiscount {
  id: number;
  code: string;
  amount: string;
  usageLimit: number | null;
  usageCount: number;
  customerIds: string[];
}
export interface FakeCart {
  token: string;
  email: string | null;
  lines: FakeLine[];
  discountCodes: string[];
  attributes: { key: string; value: string }[];
  paid: boolean;
}
export interface FakeDraftOrder {
  id: number;
  email: string | null;
  lines: FakeLine[];
  discount: number;
  status: "OPEN" | "INVOICE_SENT" | "COMPLETED";
  customAttributes: { key: string; value: string }[];
  invoiceUrl: string;
  orderId: number | null;
}
/** What the fake's writes (discounts, draft orders) need of its store. */
export interface FakeWritableStore {
  discounts: FakeDiscount[];
  draftOrders: FakeDraftOrder[];
  id(): number;
  origin(): string;
  variant(id: unknown): { product: FakeProduct; variant: FakeVariant } | null;
}
export interface FakeOrder {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  financialStatus: "PAID" | "PENDING" | "REFUNDED";
  total: string;
  discountCodes: string[];
  customAttributes: { key: string; value: string }[];
  lines: FakeLine[];
}
export interface FakeCustomer {
  id: number;
  email: string;
  marketingState: "NOT_SUBSCRIBED" | "SUBSCRIBED" | "UNSUBSCRIBED" | "PENDING";
}

// biome-ignore lint/suspicious/noExplicitAny: GraphQL variables, read loosely like a server would
export type Vars = Record<string, any>;
export type Json = Record<string, unknown>;

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
export const numeric = (id: unknown): number => Number(/(\d+)$/.exec(String(id ?? ""))?.[1] ?? Number.NaN);
export const cents = (amount: string | number) => Math.round(Number(amount) * 100);
export const dollars = (c: number) => (c / 100).toFixed(2);
export const err = (message: string, field: string[] | null = null, code: string | null = null) => [
  { field, message, code },
];
export const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" } });

/** Cursor paging over a list, as Shopify's connections do it: nodes + pageInfo, opaque cursors. */
export function page<T>(items: T[], first: number, after: string | null | undefined, map: (item: T) => unknown) {
  const start = after ? Number(Buffer.from(after, "base64url").toString()) + 1 : 0;
  const slice = items.slice(start, start + Math.max(0, first));
  const last = start + slice.length - 1;
  return {
    nodes: slice.map(map),
    pageInfo: {
      hasNextPage: last + 1 < items.length,
      endCursor: slice.length > 0 ? Buffer.from(String(last)).toString("base64url") : null,
    },
  };
}

/** The value of `key:...` in a search query (quoted or bare), e.g. email:"a@b.c" -> a@b.c. */
export function term(query: string, key: string): string | null {
  const match = new RegExp(`${key}:(?:"((?:[^"\\\\]|\\\\.)*)"|'([^']*)'|(\\S+))`).exec(query);
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? "").replace(/\\(.)/g, "$1");
}
