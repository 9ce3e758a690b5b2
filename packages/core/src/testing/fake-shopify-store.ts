import { randomBytes, randomUUID } from "node:crypto";
import {
  err,
  type FakeCart,
  type FakeCustomer,
  type FakeDiscount,
  type FakeDraftOrder,
  type FakeLine,
  type FakeOrder,
  type FakeProduct,
  type FakeVariant,
  gid,
  type Json,
  money,
  numeric,
  page,
  term,
  type Vars,
} from "./fake-shopify-model";
import { createDiscount, createDraftOrder } from "./fake-shopify-writes";

/** The fake Shopify's in-memory state and the operations it answers. */

export class FakeShopifyStore {
  products: FakeProduct[] = [];
  discounts: FakeDiscount[] = [];
  carts: FakeCart[] = [];
  draftOrders: FakeDraftOrder[] = [];
  orders: FakeOrder[] = [];
  customers: FakeCustomer[] = [];
  private next = 1000;

  constructor(readonly origin: () => string) {}

  id(): number {
    this.next += 1;
    return this.next;
  }

  /** An id chosen by the caller (a seeded product's): later ids are made past it. */
  reserve(id: number): number {
    if (id > this.next) this.next = id;
    return id;
  }

  productNode(p: FakeProduct): Json {
    const media = p.images.map((url) => ({ preview: { image: { url } } }));
    return {
      id: gid("Product", p.id),
      title: p.title,
      description: p.description,
      handle: p.handle,
      featuredMedia: media[0] ?? null,
      media: { nodes: media.slice(0, 10) },
      variants: { nodes: p.variants.map((v) => ({ id: gid("ProductVariant", v.id), title: v.title, price: v.price })) },
    };
  }

  variant(id: unknown): { product: FakeProduct; variant: FakeVariant } | null {
    for (const product of this.products) {
      const variant = product.variants.find((v) => v.id === numeric(id));
      if (variant) return { product, variant };
    }
    return null;
  }

  customerByEmail(email: string | null | undefined): FakeCustomer | undefined {
    return this.customers.find((c) => c.email === (email ?? "").toLowerCase());
  }

  orderNode(o: FakeOrder): Json {
    return {
      id: gid("Order", o.id),
      name: o.name,
      email: o.email,
      customer: this.customerByEmail(o.email) ? { email: o.email } : null,
      createdAt: o.createdAt.toISOString(),
      displayFinancialStatus: o.financialStatus,
      totalPriceSet: money(o.total),
      discountCodes: o.discountCodes,
      customAttributes: o.customAttributes,
      lineItems: {
        nodes: o.lines.map((l) => ({
          title: l.title,
          quantity: l.quantity,
          variant: l.variantId === null ? null : { id: gid("ProductVariant", l.variantId) },
          originalUnitPriceSet: money(l.price),
        })),
      },
    };
  }

  addOrder(input: Omit<FakeOrder, "id" | "name">): FakeOrder {
    const id = this.id();
    const order = { ...input, id, name: `#${1000 + this.orders.length + 1}` };
    this.orders.push(order);
    return order;
  }

  /** The Admin operations the adapter sends, by operation name. */
  admin(operation: string, v: Vars): Json | null {
    switch (operation) {
      case "ListProducts": {
        const active = /status:active/.test(v.query ?? "");
        // `title:*word*` terms: Shopify's wildcard search, case-insensitive, on title or handle.
        const words = [...(v.query ?? "").matchAll(/title:\*([^*\s)]+)\*/g)].map((m) => (m[1] ?? "").toLowerCase());
        const list = this.products.filter(
          (p) =>
            (!active || p.status === "ACTIVE") &&
            words.every((w) => p.title.toLowerCase().includes(w) || p.handle.toLowerCase().includes(w)),
        );
        // The adapter asks for sortKey: TITLE.
        list.sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
        return { products: page(list, v.first, v.after, (p) => this.productNode(p)) };
      }
      case "GetProduct": {
        const product = this.products.find((p) => p.id === numeric(v.id));
        return { product: product ? this.productNode(product) : null };
      }
      case "DiscountCreate":
        return { discountCodeBasicCreate: createDiscount(this, v.basicCodeDiscount ?? {}) };
      case "DiscountUsage": {
        const d = this.discounts.find((x) => x.id === numeric(v.id));
        return {
          codeDiscountNode: d
            ? { id: gid("DiscountCodeNode", d.id), codeDiscount: { status: "ACTIVE", asyncUsageCount: d.usageCount } }
            : null,
        };
      }
      case "DiscountDelete": {
        const index = this.discounts.findIndex((x) => x.id === numeric(v.id));
        if (index < 0)
          return { discountCodeDelete: { deletedCodeDiscountId: null, userErrors: err("Discount does not exist") } };
        this.discounts.splice(index, 1);
        return { discountCodeDelete: { deletedCodeDiscountId: v.id, userErrors: [] } };
      }
      case "DraftOrderCreate":
        return { draftOrderCreate: createDraftOrder(this, v.input ?? {}) };
      case "DraftOrderUpdate": {
        const draft = this.draftOrders.find((d) => d.id === numeric(v.id));
        if (!draft) return { draftOrderUpdate: { draftOrder: null, userErrors: err("Draft order does not exist") } };
        if (v.input?.customAttributes) draft.customAttributes = v.input.customAttributes;
        return { draftOrderUpdate: { draftOrder: { id: gid("DraftOrder", draft.id) }, userErrors: [] } };
      }
      case "DraftOrderStatus": {
        const d = this.draftOrders.find((x) => x.id === numeric(v.id));
        const order = d?.orderId ? this.orders.find((o) => o.id === d.orderId) : undefined;
        return {
          draftOrder: d
            ? {
                id: gid("DraftOrder", d.id),
                status: d.status,
                order: order ? { id: gid("Order", order.id), displayFinancialStatus: order.financialStatus } : null,
              }
            : null,
        };
      }
      case "DraftOrderDelete": {
        const d = this.draftOrders.find((x) => x.id === numeric(v.input?.id));
        if (!d) return { draftOrderDelete: { deletedId: null, userErrors: err("Draft order does not exist") } };
        if (d.status === "COMPLETED")
          return { draftOrderDelete: { deletedId: null, userErrors: err("Completed draft orders cannot be deleted") } };
        this.draftOrders = this.draftOrders.filter((x) => x !== d);
        return { draftOrderDelete: { deletedId: gid("DraftOrder", d.id), userErrors: [] } };
      }
      case "PaidOrders":
        return { orders: this.ordersPage(v) };
      case "CustomerByEmail": {
        const email = term(v.query ?? "", "email");
        const found = this.customers.filter((c) => email !== null && c.email === email.toLowerCase());
        return { customers: { nodes: found.map((c) => this.customerNode(c)) } };
      }
      case "CustomerCreate":
        return { customerCreate: this.customerCreate(v.input ?? {}) };
      case "ConsentUpdate": {
        const c = this.customers.find((x) => x.id === numeric(v.input?.customerId));
        if (!c)
          return { customerEmailMarketingConsentUpdate: { customer: null, userErrors: err("Customer not found") } };
        c.marketingState = v.input.emailMarketingConsent?.marketingState;
        return { customerEmailMarketingConsentUpdate: { customer: this.customerNode(c), userErrors: [] } };
      }
      default:
        return null;
    }
  }

  /** The Storefront operations: the cart. */
  storefront(operation: string, v: Vars): Json | null {
    if (operation !== "CartCreate") return null;
    const input = v.input ?? {};
    const lines: FakeLine[] = [];
    for (const [i, line] of (input.lines ?? []).entries()) {
      const found = this.variant(line.merchandiseId);
      const field = ["input", "lines", String(i), "merchandiseId"];
      if (!found)
        return this.cartRefused(`The merchandise with id ${line.merchandiseId} does not exist.`, field, "INVALID");
      if (!found.variant.available || found.product.status !== "ACTIVE")
        return this.cartRefused(
          `The product '${found.product.title}' is not available.`,
          field,
          "MERCHANDISE_NOT_APPLICABLE",
        );
      if (!Number.isInteger(line.quantity) || line.quantity < 1)
        return this.cartRefused(
          "The quantity must be greater than 0.",
          ["input", "lines", String(i), "quantity"],
          "INVALID",
        );
      lines.push({
        title: found.product.title,
        quantity: line.quantity,
        variantId: found.variant.id,
        price: found.variant.price,
      });
    }
    const token = randomBytes(12).toString("hex");
    const email = (input.buyerIdentity?.email ?? null) as string | null;
    const cart: FakeCart = {
      token,
      email,
      lines,
      discountCodes: input.discountCodes ?? [],
      attributes: input.attributes ?? [],
      paid: false,
    };
    this.carts.push(cart);
    const customer = this.customerByEmail(email);
    const discountCodes = cart.discountCodes.map((code) => {
      const d = this.discounts.find((x) => x.code.toLowerCase() === code.toLowerCase());
      const forBuyer =
        !d || d.customerIds.length === 0 || (customer && d.customerIds.includes(gid("Customer", customer.id)));
      return { code, applicable: Boolean(d && forBuyer && (d.usageLimit === null || d.usageCount < d.usageLimit)) };
    });
    const key = randomUUID().replace(/-/g, "");
    return {
      cartCreate: {
        cart: {
          id: gid("Cart", `${token}?key=${key}`),
          checkoutUrl: `${this.origin()}/cart/c/${token}?key=${key}`,
          discountCodes,
        },
        userErrors: [],
        warnings: [],
      },
    };
  }

  private cartRefused(message: string, field: string[], code: string): Json {
    return { cartCreate: { cart: null, userErrors: err(message, field, code), warnings: [] } };
  }

  private ordersPage(v: Vars) {
    const query = String(v.query ?? "");
    const email = term(query, "email")?.toLowerCase();
    const status = term(query, "financial_status");
    const created = /created_at:>=\s*'?([^'\s]+)'?/.exec(query)?.[1];
    const list = this.orders
      .filter((o) => !email || o.email === email)
      .filter((o) => !status || o.financialStatus === status.toUpperCase())
      .filter((o) => !created || o.createdAt.getTime() >= new Date(created).getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return page(list, v.first, v.after, (o) => this.orderNode(o));
  }

  private customerNode(c: FakeCustomer): Json {
    return {
      id: gid("Customer", c.id),
      defaultEmailAddress: { emailAddress: c.email, marketingState: c.marketingState },
    };
  }

  private customerCreate(input: Vars): Json {
    const email = String(input.email ?? "").toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return { customer: null, userErrors: err("Email is invalid", ["email"]) };
    if (this.customerByEmail(email))
      return { customer: null, userErrors: err("Email has already been taken", ["email"]) };
    const customer: FakeCustomer = { id: this.id(), email, marketingState: "NOT_SUBSCRIBED" };
    this.customers.push(customer);
    return { customer: { id: gid("Customer", customer.id), email }, userErrors: [] };
  }
}
