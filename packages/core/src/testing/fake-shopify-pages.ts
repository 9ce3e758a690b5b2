import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeCart, FakeDraftOrder, FakeOrder } from "./fake-shopify-model";
import { orderPaidWebhookBody, webhookHeaders } from "./fake-shopify-webhooks";

/** What the checkout pages need of the fake: its address, its carts and invoices, and paying them. */
export interface PayableShop {
  readonly origin: string;
  readonly store: { readonly carts: FakeCart[]; readonly draftOrders: FakeDraftOrder[] };
  payCart(checkoutUrl: string): FakeOrder;
  payDraftOrder(draftId: string): FakeOrder;
}

/** Where the fake's checkout pages send the `orders/paid` webhook once paid (a local `npm start`). */
export interface FakeCheckoutPages {
  webhookUrl?: string;
  webhookSecret?: string;
}

const CART = /^\/cart\/c\/([\w-]+)$/;
const INVOICE = /^\/\d+\/invoices\/([0-9a-f]+)$/;

/** Whether this path is a checkout page of the fake (a cart's or a draft order's invoice). */
export function isCheckoutPage(path: string): boolean {
  return CART.test(path) || INVOICE.test(path);
}

/**
 * The hosted checkout, as far as a local run needs it: GET shows what is due, POST pays it (the
 * fake makes the order) and, when a webhook URL is set, Shopify's signed `orders/paid` follows.
 */
export async function serveCheckoutPage(
  fake: PayableShop,
  pages: FakeCheckoutPages,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", fake.origin);
  const cart = fake.store.carts.find((c) => CART.exec(url.pathname)?.[1] === c.token);
  const draft = fake.store.draftOrders.find((d) => new URL(d.invoiceUrl).pathname === url.pathname);
  if (!cart && !draft) return html(res, 404, "<h1>This checkout does not exist (any more)</h1>");
  const lines = (cart ?? draft)!.lines;
  const paid = cart ? cart.paid : draft!.status === "COMPLETED";
  if (req.method === "POST" && !paid) {
    const order = cart
      ? fake.payCart(`${fake.origin}${url.pathname}`)
      : fake.payDraftOrder(`gid://shopify/DraftOrder/${draft!.id}`);
    const told = await sendWebhook(fake, pages, order);
    return html(res, 200, `<h1>Paid: order ${order.name} (${order.total} USD)</h1><p>${told}</p>`);
  }
  const rows = lines.map((l) => `<li>${escapeHtml(l.title)} x ${l.quantity} at ${l.price}</li>`).join("");
  const discount = draft ? `<p>Discount: ${(draft.discount / 100).toFixed(2)}</p>` : "";
  const action = paid ? "<p>Already paid.</p>" : `<form method="post"><button type="submit">Pay now</button></form>`;
  return html(res, 200, `<h1>Fake Shopify checkout</h1><ul>${rows}</ul>${discount}${action}`);
}

async function sendWebhook(fake: PayableShop, pages: FakeCheckoutPages, order: FakeOrder): Promise<string> {
  if (!pages.webhookUrl || !pages.webhookSecret) return "No webhook is configured: sync your purchases in the app.";
  const raw = JSON.stringify(orderPaidWebhookBody(order));
  const headers = webhookHeaders(raw, { secret: pages.webhookSecret, shopDomain: new URL(fake.origin).host });
  try {
    const answer = await fetch(pages.webhookUrl, { method: "POST", headers, body: raw });
    return `orders/paid webhook sent to ${escapeHtml(pages.webhookUrl)}: ${answer.status}`;
  } catch (error) {
    return `The orders/paid webhook could not be sent: ${escapeHtml((error as Error).message)}`;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(res: ServerResponse, status: number, body: string): undefined {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Fake Shopify</title><body>${body}</body></html>`,
  );
  return undefined;
}
