/**
 * Runs the fake Shopify on its own, seeded with the dev shop's catalogue, for a local `npm start`
 * against "Shopify":
 *
 *   pnpm exec tsx packages/core/src/testing/fake-shopify-main.ts   # FAKE_SHOPIFY_PORT=4001 by default
 *
 * then start the app with the SHOPIFY_* lines it prints (`pnpm shop:fake` does the same). Its
 * checkout and invoice pages have a Pay button; paying sends the signed `orders/paid` webhook to
 * FAKE_SHOPIFY_WEBHOOK_URL (default: the app of `npm start` on port 3000). Stop it with Ctrl-C.
 */
import { DEV_SHOP_PRODUCTS } from "../shop/dev-shop-catalogue";
import { startFakeShopify } from "./fake-shopify";

const port = Number(process.env.FAKE_SHOPIFY_PORT ?? 4001);
const credentials = {
  clientId: "fake-client-id",
  clientSecret: "fake-client-secret",
  storefrontToken: "fake-storefront",
};
const webhookUrl = process.env.FAKE_SHOPIFY_WEBHOOK_URL ?? "http://localhost:3000/api/shopify/webhooks/orders-paid";
const fake = await startFakeShopify({
  ...credentials,
  port,
  checkoutPages: { webhookUrl, webhookSecret: credentials.clientSecret },
});
// The same ids as the dev shop's products, which the seeded Forbidden Catalogue names.
const numberOf = (gid: string) => Number(gid.split("/").pop());
for (const product of DEV_SHOP_PRODUCTS) {
  const [first, ...more] = product.variants;
  fake.seedProduct({
    ids: { product: numberOf(product.id), variants: product.variants.map((v) => numberOf(v.id)) },
    title: product.title,
    handle: product.handle,
    description: product.description,
    price: first?.price ?? "0.00",
    morePrices: more.map((v) => v.price),
    images: product.images,
  });
}
console.log(`Fake Shopify on ${fake.origin} with ${DEV_SHOP_PRODUCTS.length} products. Start the app with:
SHOPIFY_STORE_DOMAIN=${fake.origin}
SHOPIFY_CLIENT_ID=${credentials.clientId}
SHOPIFY_CLIENT_SECRET=${credentials.clientSecret}
SHOPIFY_STOREFRONT_TOKEN=${credentials.storefrontToken}
(Checkout pages pay with a button and send orders/paid, signed with the client secret, to ${webhookUrl}.)`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
