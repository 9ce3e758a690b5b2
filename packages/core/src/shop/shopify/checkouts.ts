import { randomUUID } from "node:crypto";
import { fromCents } from "@bm/shared";
import type { Clock } from "../../ports/clock";
import { type Checkout, type CheckoutLine, type CheckoutRequest, type CustomLine, ShopError } from "../../ports/shop";
import { firstUserError, ShopRefusedError, type UserError } from "./errors";
import { CHECKOUT_ATTRIBUTE, toGid } from "./mappers";
import {
  CART_CREATE,
  DISCOUNT_CREATE,
  DISCOUNT_DELETE,
  DISCOUNT_USAGE,
  DRAFT_ORDER_CREATE,
  DRAFT_ORDER_DELETE,
  DRAFT_ORDER_STATUS,
  DRAFT_ORDER_UPDATE,
} from "./queries";
import type { ShopifyTransport } from "./transport";

/** A cart checkout's id: ours, since a cart's own id is only known after it exists. */
const CART_ID = /^shopify-cart:([0-9a-f-]{36})(?::(\d+))?$/;
const DRAFT_ID = /^gid:\/\/shopify\/DraftOrder\/\d+$/;

type Payload<K extends string, T> = Record<K, (T & { userErrors: UserError[] }) | null>;

/**
 * Hosted checkouts on Shopify. Catalogue lines become a Storefront cart (with a single-use
 * amount-off code for the discount, limited to the member); a custom line (a won lot at its exact
 * winning bid) needs a draft order: a cart would charge catalogue prices. The checkout's id says
 * which: a draft order's gid, or `shopify-cart:{uuid}[:{discount id}]`.
 */
export class ShopifyCheckouts {
  constructor(
    private readonly transport: ShopifyTransport,
    private readonly clock: Clock,
    private readonly currencyCode: string,
    private readonly customerId: (email: string) => Promise<string>,
  ) {}

  async create(request: CheckoutRequest): Promise<Checkout> {
    if (request.lines.length === 0) throw new ShopError("a checkout needs at least one line");
    for (const line of request.lines) {
      if (!Number.isInteger(line.quantity) || line.quantity < 1)
        throw new ShopError("quantity must be a positive whole number");
      if ("title" in line && (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0))
        throw new ShopError("price must be whole cents");
    }
    if (request.discount && (!Number.isInteger(request.discount.amountCents) || request.discount.amountCents < 0))
      throw new ShopError("the discount must be whole cents");
    const custom = request.lines.some((line) => "title" in line);
    return custom ? this.createDraftOrder(request) : this.createCart(request);
  }

  async cancel(checkoutId: string): Promise<"cancelled" | "paid"> {
    if (DRAFT_ID.test(checkoutId)) return this.cancelDraftOrder(checkoutId);
    const cart = CART_ID.exec(checkoutId);
    if (!cart?.[2]) return "cancelled";
    return this.withdrawDiscount(`gid://shopify/DiscountCodeNode/${cart[2]}`);
  }

  private async createDraftOrder(request: CheckoutRequest): Promise<Checkout> {
    const lineItems = request.lines.map((line) => {
      if ("title" in line) return this.customLine(line);
      return { variantId: this.variantGid(line), quantity: line.quantity };
    });
    const discount = request.discount;
    const input = {
      email: request.email,
      lineItems,
      tags: ["black-market"],
      ...(discount && discount.amountCents > 0
        ? {
            appliedDiscount: {
              title: discount.code,
              description: "Credits used",
              value: discount.amountCents / 100,
              valueType: "FIXED_AMOUNT",
            },
          }
        : {}),
    };
    const created = await this.transport.adminRequest<
      Payload<"draftOrderCreate", { draftOrder: { id: string; invoiceUrl: string } | null }>
    >(DRAFT_ORDER_CREATE, { input });
    const draft = this.payload(created.draftOrderCreate, "draft order").draftOrder;
    if (!draft) throw new ShopRefusedError("no draft order was created");
    // The order Shopify makes when it is paid carries this attribute: that is how paidOrders names the checkout.
    const updated = await this.transport.adminRequest<Payload<"draftOrderUpdate", { draftOrder: { id: string } }>>(
      DRAFT_ORDER_UPDATE,
      { id: draft.id, input: { customAttributes: [{ key: CHECKOUT_ATTRIBUTE, value: draft.id }] } },
    );
    this.payload(updated.draftOrderUpdate, "draft order");
    return { id: draft.id, checkoutUrl: draft.invoiceUrl };
  }

  private async createCart(request: CheckoutRequest): Promise<Checkout> {
    const lines = request.lines.map((line) => ({
      merchandiseId: this.variantGid(line as CheckoutLine),
      quantity: line.quantity,
    }));
    const discount = request.discount && request.discount.amountCents > 0 ? request.discount : undefined;
    const discountId = discount ? await this.createDiscount(discount.code, discount.amountCents, request.email) : null;
    const id = `shopify-cart:${randomUUID()}${discountId ? `:${/(\d+)$/.exec(discountId)?.[1]}` : ""}`;
    try {
      const answer = await this.transport.storefrontRequest<
        Payload<"cartCreate", { cart: { checkoutUrl: string; discountCodes: { code: string; applicable: boolean }[] } }>
      >(
        CART_CREATE,
        {
          input: {
            lines,
            discountCodes: discount ? [discount.code] : [],
            buyerIdentity: { email: request.email },
            attributes: [{ key: CHECKOUT_ATTRIBUTE, value: id }],
          },
        },
        request.buyerIp,
      );
      const payload = answer.cartCreate;
      const refusal = firstUserError(payload?.userErrors);
      // The lines are the member's choice: an unknown or unavailable variant is their input, a 400.
      if (refusal) throw new ShopError(refusal);
      if (!payload?.cart) throw new ShopRefusedError("no cart was created");
      if (discount && !payload.cart.discountCodes.some((c) => c.code === discount.code && c.applicable))
        throw new ShopRefusedError(`the discount code ${discount.code} does not apply to this cart`);
      return { id, checkoutUrl: payload.cart.checkoutUrl };
    } catch (error) {
      // No cart will use the code: take it back rather than leave a live discount behind.
      if (discountId) await this.withdrawDiscount(discountId).catch(() => undefined);
      throw error;
    }
  }

  private async createDiscount(code: string, amountCents: number, email: string): Promise<string> {
    const customerId = await this.customerId(email);
    const answer = await this.transport.adminRequest<
      Payload<"discountCodeBasicCreate", { codeDiscountNode: { id: string } | null }>
    >(DISCOUNT_CREATE, {
      basicCodeDiscount: {
        title: `Black Market credits ${code}`,
        code,
        startsAt: this.clock.now().toISOString(),
        usageLimit: 1,
        appliesOncePerCustomer: true,
        context: { customers: { add: [customerId] } },
        customerGets: {
          value: { discountAmount: { amount: fromCents(amountCents), appliesOnEachItem: false } },
          items: { all: true },
        },
      },
    });
    const node = this.payload(answer.discountCodeBasicCreate, "discount code").codeDiscountNode;
    if (!node) throw new ShopRefusedError("no discount code was created");
    return node.id;
  }

  /** A cart's code: "paid" when an order already used it, else deleted so it can no longer be used. */
  private async withdrawDiscount(id: string): Promise<"cancelled" | "paid"> {
    const usage = await this.transport.adminRequest<{
      codeDiscountNode: { codeDiscount: { asyncUsageCount?: number } } | null;
    }>(DISCOUNT_USAGE, { id });
    if (!usage.codeDiscountNode) return "cancelled";
    if ((usage.codeDiscountNode.codeDiscount.asyncUsageCount ?? 0) > 0) return "paid";
    const deleted = await this.transport.adminRequest<Payload<"discountCodeDelete", object>>(DISCOUNT_DELETE, { id });
    this.payload(deleted.discountCodeDelete, "discount code");
    return "cancelled";
  }

  private async cancelDraftOrder(id: string): Promise<"cancelled" | "paid"> {
    const status = async () =>
      (await this.transport.adminRequest<{ draftOrder: { status: string } | null }>(DRAFT_ORDER_STATUS, { id }))
        .draftOrder?.status ?? null;
    const before = await status();
    if (before === null) return "cancelled";
    if (before === "COMPLETED") return "paid";
    const answer = await this.transport.adminRequest<Payload<"draftOrderDelete", { deletedId: string | null }>>(
      DRAFT_ORDER_DELETE,
      { input: { id } },
    );
    if (firstUserError(answer.draftOrderDelete?.userErrors)) {
      // Paid between our look and the delete: the payment wins.
      if ((await status()) === "COMPLETED") return "paid";
      this.payload(answer.draftOrderDelete, "draft order");
    }
    return "cancelled";
  }

  private customLine(line: CustomLine) {
    return {
      title: line.title,
      quantity: line.quantity,
      originalUnitPriceWithCurrency: { amount: fromCents(line.unitPriceCents), currencyCode: this.currencyCode },
      requiresShipping: true,
      taxable: true,
    };
  }

  private variantGid(line: CheckoutLine): string {
    const gid = toGid("ProductVariant", line.merchandiseId);
    if (!gid) throw new ShopError(`unknown product variant ${line.merchandiseId}`);
    return gid;
  }

  /** A mutation's payload, or a 502 naming the first user error (our data, not the member's input). */
  private payload<T>(payload: (T & { userErrors: UserError[] }) | null, what: string): T {
    const refusal = firstUserError(payload?.userErrors);
    if (refusal) throw new ShopRefusedError(refusal);
    if (!payload) throw new ShopRefusedError(`no ${what} in the answer`);
    return payload;
  }
}
