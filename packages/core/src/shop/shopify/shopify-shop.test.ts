import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopError } from "../../ports/shop";
import type { FakeShopify } from "../../testing/fake-shopify";
import { ShopRefusedError } from "./errors";
import type { ShopifyShop } from "./shopify-shop";
import { rejection, shopifyFixture } from "./test-helpers";

describe("Shopify adapter against the fake Shopify: queries and mutations", () => {
  let fake: FakeShopify;
  let shop: ShopifyShop;
  let close: () => Promise<void>;
  let make: Awaited<ReturnType<typeof shopifyFixture>>["make"];
  let reliquary: { id: string; variantIds: string[] };
  let candle: { id: string; variantIds: string[] };

  beforeAll(async () => {
    const fixture = await shopifyFixture();
    fake = fixture.fake;
    close = () => fake.close();
    make = fixture.make;
    shop = make();
    reliquary = fake.seedProduct({
      title: "The Reliquary Box",
      handle: "reliquary-box",
      description: "Our grandest mystery.",
      price: "225",
      morePrices: ["250.50"],
      images: ["https://cdn.example/reliquary-1.jpg", "https://cdn.example/reliquary-2.jpg"],
    });
    candle = fake.seedProduct({ title: "Black Candle", price: "10.00" });
    fake.seedProduct({ title: "Unreleased Box", price: "99.00", status: "DRAFT" });
  });
  afterAll(async () => close?.());

  it("lists the active products with their variants, images, handle and description", async () => {
    const products = await shop.listProducts();
    expect(products.map((p) => p.title).sort()).toEqual(["Black Candle", "The Reliquary Box"]);
    const box = products.find((p) => p.id === reliquary.id)!;
    expect(box).toEqual({
      id: reliquary.id,
      title: "The Reliquary Box",
      description: "Our grandest mystery.",
      handle: "reliquary-box",
      featuredImage: { url: "https://cdn.example/reliquary-1.jpg" },
      images: ["https://cdn.example/reliquary-1.jpg", "https://cdn.example/reliquary-2.jpg"],
      variants: [
        { id: reliquary.variantIds[0], price: "225.00" },
        { id: reliquary.variantIds[1], price: "250.50" },
      ],
    });
    expect(products.find((p) => p.id === candle.id)?.featuredImage).toBeNull();
  });

  it("searches the active products by title or handle, any case, a page at a time in title order", async () => {
    const byTitle = await shop.searchProducts({ text: "RELIQ", first: 10 });
    expect(byTitle.products.map((p) => p.id)).toEqual([reliquary.id]);
    const byHandle = await shop.searchProducts({ text: "box", first: 10 });
    expect(byHandle.products.map((p) => p.title)).toEqual(["The Reliquary Box"]);
    expect((await shop.searchProducts({ text: "unreleased", first: 10 })).products).toEqual([]);
    const first = await shop.searchProducts({ first: 1 });
    expect(first.products.map((p) => p.title)).toEqual(["Black Candle"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await shop.searchProducts({ first: 1, after: first.nextCursor ?? undefined });
    expect(second.products.map((p) => p.title)).toEqual(["The Reliquary Box"]);
    expect(second.nextCursor).toBeNull();
  });

  it("gets one product by gid or by number, and null for an unknown or malformed id", async () => {
    expect((await shop.getProduct(candle.id))?.title).toBe("Black Candle");
    expect((await shop.getProduct(candle.id.replace(/^.*\//, "")))?.title).toBe("Black Candle");
    expect(await shop.getProduct("gid://shopify/Product/999999")).toBeNull();
    expect(await shop.getProduct("not an id")).toBeNull();
  });

  it("makes a cart with a single-use code of the discount for the member, and the paid order names that checkout", async () => {
    const since = new Date(Date.now() - 1000);
    const checkout = await shop.createCheckout({
      lines: [
        { merchandiseId: reliquary.variantIds[0]!, quantity: 1 },
        { merchandiseId: candle.variantIds[0]!.replace(/^.*\//, ""), quantity: 3 },
      ],
      email: "Buyer@Test.example",
      discount: { code: "CREDITS-CART-1", amountCents: 1200 },
      buyerIp: "203.0.113.7",
    });
    expect(checkout.id).toMatch(/^shopify-cart:[0-9a-f-]{36}:\d+$/);
    // Made from a server for the member: the Storefront hears the buyer's address.
    expect(fake.calls.filter((c) => c.operation === "CartCreate").at(-1)?.buyerIp).toBe("203.0.113.7");
    expect(checkout.checkoutUrl).toMatch(new RegExp(`^${fake.origin}/cart/c/`));
    const discount = fake.store.discounts.find((d) => d.code === "CREDITS-CART-1")!;
    const customer = fake.store.customerByEmail("buyer@test.example")!;
    expect(discount).toMatchObject({ amount: "12.00", usageLimit: 1, usageCount: 0 });
    expect(discount.customerIds).toEqual([`gid://shopify/Customer/${customer.id}`]);

    fake.payCart(checkout.checkoutUrl);
    const orders = await shop.paidOrders("buyer@test.example", since);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      email: "buyer@test.example",
      total: "243.00",
      checkoutId: checkout.id,
      discountCode: "CREDITS-CART-1",
      lines: [
        { variantId: reliquary.variantIds[0], title: "The Reliquary Box", unitPrice: "225.00", quantity: 1 },
        { variantId: candle.variantIds[0], title: "Black Candle", unitPrice: "10.00", quantity: 3 },
      ],
    });
    // The code is spent: withdrawing the checkout now answers that it was paid.
    expect(await shop.cancelCheckout(checkout.id)).toBe("paid");
  });

  it("refuses an unknown variant as the member's input (400 with the shop's message) and takes its code back", async () => {
    const error = await rejection(
      shop.createCheckout({
        lines: [{ merchandiseId: "gid://shopify/ProductVariant/424242", quantity: 1 }],
        email: "buyer@test.example",
        discount: { code: "CREDITS-LOST-1", amountCents: 500 },
      }),
    );
    expect(error).toBeInstanceOf(ShopError);
    expect(error.status).toBe(400);
    expect(error.message).toBe("The merchandise with id gid://shopify/ProductVariant/424242 does not exist.");
    expect(fake.store.discounts.some((d) => d.code === "CREDITS-LOST-1")).toBe(false);
    expect((await rejection(shop.createCheckout({ lines: [], email: "a@b.example" }))).status).toBe(400);
  });

  it("answers a 502 naming the shop's userError when it refuses our own data (a code already taken)", async () => {
    const request = {
      lines: [{ merchandiseId: candle.variantIds[0]!, quantity: 1 }],
      email: "twice@test.example",
      discount: { code: "CREDITS-TWICE", amountCents: 300 },
    };
    await shop.createCheckout(request);
    const error = await rejection(shop.createCheckout(request));
    expect(error).toBeInstanceOf(ShopRefusedError);
    expect(error.status).toBe(502);
    expect(error.message).toBe("The shop refused the request: Code must be unique. Please try a different code.");
  });

  it("withdraws an unpaid cart by deleting its code", async () => {
    const checkout = await shop.createCheckout({
      lines: [{ merchandiseId: candle.variantIds[0]!, quantity: 1 }],
      email: "later@test.example",
      discount: { code: "CREDITS-LATER", amountCents: 400 },
    });
    expect(await shop.cancelCheckout(checkout.id)).toBe("cancelled");
    expect(fake.store.discounts.some((d) => d.code === "CREDITS-LATER")).toBe(false);
    expect(await shop.cancelCheckout("something-else")).toBe("cancelled");
  });

  it("claims a won lot with a draft order at the exact winning bid minus the credits, paid as one order", async () => {
    const since = new Date(Date.now() - 1000);
    const checkout = await shop.createCheckout({
      lines: [{ title: "Lot 13: The Hollow Crown", unitPriceCents: 13_700, quantity: 1 }],
      email: "winner@test.example",
      discount: { code: "LOT-13-CREDITS", amountCents: 2_500 },
    });
    expect(checkout.id).toMatch(/^gid:\/\/shopify\/DraftOrder\/\d+$/);
    expect(checkout.checkoutUrl).toMatch(new RegExp(`^${fake.origin}/\\d+/invoices/[0-9a-f]+$`));
    const draft = fake.store.draftOrders.find((d) => `gid://shopify/DraftOrder/${d.id}` === checkout.id)!;
    expect(draft).toMatchObject({ email: "winner@test.example", discount: 2_500, status: "OPEN" });
    expect(draft.lines).toEqual([{ title: "Lot 13: The Hollow Crown", quantity: 1, variantId: null, price: "137.00" }]);

    fake.payDraftOrder(checkout.id);
    const [order] = await shop.paidOrders("winner@test.example", since);
    expect(order).toMatchObject({ total: "112.00", checkoutId: checkout.id, discountCode: null });
    expect(order?.lines).toEqual([
      { variantId: null, title: "Lot 13: The Hollow Crown", unitPrice: "137.00", quantity: 1 },
    ]);
    expect(await shop.cancelCheckout(checkout.id)).toBe("paid");
  });

  it("deletes an unpaid draft order when its window passes", async () => {
    const checkout = await shop.createCheckout({
      lines: [{ title: "Lot 14", unitPriceCents: 5_000, quantity: 1 }],
      email: "late@test.example",
    });
    expect(await shop.cancelCheckout(checkout.id)).toBe("cancelled");
    expect(fake.store.draftOrders.some((d) => `gid://shopify/DraftOrder/${d.id}` === checkout.id)).toBe(false);
    expect(await shop.cancelCheckout(checkout.id)).toBe("cancelled");
  });

  it("honours a payment that races the withdrawal of a draft order: 'paid', not lost", async () => {
    const checkout = await shop.createCheckout({
      lines: [{ title: "Lot 15", unitPriceCents: 7_000, quantity: 1 }],
      email: "racer@test.example",
    });
    fake.beforeNext("DraftOrderDelete", () => fake.payDraftOrder(checkout.id));
    expect(await shop.cancelCheckout(checkout.id)).toBe("paid");
    const orders = await shop.paidOrders("racer@test.example", new Date(Date.now() - 60_000));
    expect(orders.map((o) => o.checkoutId)).toEqual([checkout.id]);
  });

  it("reads paid orders over several pages, only the member's, only paid, only since the given time", async () => {
    const paged = make({ ordersPageSize: 2 });
    const base = Date.parse("2026-03-01T00:00:00Z");
    const at = (hours: number) => new Date(base + hours * 3600_000);
    fake.addOrder({ email: "pages@test.example", createdAt: at(-1), total: "1.00" });
    for (let i = 0; i < 5; i += 1)
      fake.addOrder({ email: "Pages@Test.example", createdAt: at(i), total: `${i + 10}.00` });
    fake.addOrder({ email: "pages@test.example", createdAt: at(6), financialStatus: "PENDING", total: "99.00" });
    fake.addOrder({ email: "other@test.example", createdAt: at(7), total: "98.00" });
    const before = fake.calls.filter((c) => c.operation === "PaidOrders").length;
    const orders = await paged.paidOrders("pages@test.example", at(0));
    expect(orders.map((o) => o.total)).toEqual(["10.00", "11.00", "12.00", "13.00", "14.00"]);
    expect(fake.calls.filter((c) => c.operation === "PaidOrders").length - before).toBe(3);
    expect(orders[0]?.checkoutId).toBe(orders[0]?.id);
  });

  it("reads and gives newsletter consent, creating the customer when the shop has none", async () => {
    expect(await shop.isSubscribed("reader@test.example")).toBe(false);
    await shop.subscribe("Reader@Test.example");
    expect(await shop.isSubscribed("reader@test.example")).toBe(true);
    await shop.subscribe("reader@test.example");
    expect(fake.store.customers.filter((c) => c.email === "reader@test.example")).toHaveLength(1);
    const refused = await rejection(shop.subscribe("not-an-address"));
    expect(refused).toBeInstanceOf(ShopError);
    expect(refused.message).toBe("Email is invalid");
  });
});
