import { randomBytes } from "node:crypto";
import {
  cents,
  dollars,
  err,
  type FakeDiscount,
  type FakeDraftOrder,
  type FakeLine,
  type FakeWritableStore,
  gid,
  type Json,
  type Vars,
} from "./fake-shopify-model";

/** The fake's discount codes and draft orders, as Shopify makes them (and refuses them). */

export function createDiscount(store: FakeWritableStore, input: Vars): Json {
  const code = String(input.code ?? "");
  const amount = input.customerGets?.value?.discountAmount?.amount;
  // Shopify's required fields on create (context, or the deprecated customerSelection).
  for (const field of ["code", "title", "startsAt", "customerGets"]) {
    if (!input[field])
      return {
        codeDiscountNode: null,
        userErrors: err(`${field} can't be blank`, ["basicCodeDiscount", field], "BLANK"),
      };
  }
  if (!input.context && !input.customerSelection)
    return {
      codeDiscountNode: null,
      userErrors: err("Context can't be blank", ["basicCodeDiscount", "context"], "BLANK"),
    };
  if (store.discounts.some((d) => d.code.toLowerCase() === code.toLowerCase()))
    return {
      codeDiscountNode: null,
      userErrors: err("Code must be unique. Please try a different code.", ["basicCodeDiscount", "code"], "TAKEN"),
    };
  if (amount === undefined || !(Number(amount) > 0))
    return {
      codeDiscountNode: null,
      userErrors: err("Value must be greater than 0", ["basicCodeDiscount", "customerGets"], "INVALID"),
    };
  const discount: FakeDiscount = {
    id: store.id(),
    code,
    amount: dollars(cents(amount)),
    usageLimit: input.usageLimit ?? null,
    usageCount: 0,
    customerIds: input.context?.customers?.add ?? [],
  };
  store.discounts.push(discount);
  return { codeDiscountNode: { id: gid("DiscountCodeNode", discount.id) }, userErrors: [] };
}

export function createDraftOrder(store: FakeWritableStore, input: Vars): Json {
  const lines: FakeLine[] = [];
  for (const item of input.lineItems ?? []) {
    if (item.variantId) {
      const found = store.variant(item.variantId);
      if (!found)
        return { draftOrder: null, userErrors: err("Product variant does not exist", ["lineItems", "variantId"]) };
      lines.push({
        title: found.product.title,
        quantity: item.quantity,
        variantId: found.variant.id,
        price: found.variant.price,
      });
    } else {
      const price = item.originalUnitPriceWithCurrency?.amount ?? item.originalUnitPrice;
      if (!item.title || price === undefined)
        return { draftOrder: null, userErrors: err("Custom line items need a title and a price", ["lineItems"]) };
      lines.push({ title: item.title, quantity: item.quantity, variantId: null, price: dollars(cents(price)) });
    }
  }
  if (lines.length === 0) return { draftOrder: null, userErrors: err("Line items can't be blank", ["lineItems"]) };
  const id = store.id();
  const draft: FakeDraftOrder = {
    id,
    email: input.email ?? null,
    lines,
    discount: input.appliedDiscount ? cents(input.appliedDiscount.value) : 0,
    status: "OPEN",
    customAttributes: input.customAttributes ?? [],
    invoiceUrl: `${store.origin()}/75/invoices/${randomBytes(16).toString("hex")}`,
    orderId: null,
  };
  store.draftOrders.push(draft);
  return { draftOrder: { id: gid("DraftOrder", id), invoiceUrl: draft.invoiceUrl, status: "OPEN" }, userErrors: [] };
}
