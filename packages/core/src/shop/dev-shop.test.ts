import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/data-source";
import { DataSourceTransactor } from "../db/transactor";
import { AdjustableClock } from "../ports/clock";
import { ShopError } from "../ports/shop";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { DevShop } from "./dev-shop";
import { DevShopRepository } from "./dev-shop.repository";

describe("dev shop", () => {
  let test: TestDatabase;
  let db: Database;
  let shop: DevShop;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    test = await createTestDatabase("devshop");
    db = await openDatabase({ url: test.url, poolSize: 5 });
    shop = new DevShop(
      new DevShopRepository(db.dataSource),
      new DataSourceTransactor(db.dataSource),
      clock,
      "http://shop.test",
    );
  });
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  it("lists ten products priced from 10 to 225 dollars, each with a variant", async () => {
    const products = await shop.listProducts();
    expect(products).toHaveLength(10);
    const prices = products.map((p) => Number(p.variants[0]?.price));
    expect(Math.min(...prices)).toBe(10);
    expect(Math.max(...prices)).toBe(225);
  });

  it("creates a hosted checkout with a fixed discount, and paying it makes one order", async () => {
    const [first, second] = await shop.listProducts();
    const checkout = await shop.createCheckout({
      lines: [
        { merchandiseId: first!.variants[0]!.id, quantity: 1 },
        { merchandiseId: second!.variants[0]!.id.replace(/^.*\//, ""), quantity: 2 },
      ],
      email: "Buyer@Test.example",
      discount: { code: "CREDITS-12", amountCents: 1200 },
    });
    expect(checkout.checkoutUrl).toBe(`http://shop.test/dev-shop/checkout/${checkout.id}`);
    const view = await shop.checkout(checkout.id, "buyer@test.example");
    expect(view).toMatchObject({ status: "open", subtotal: "525.00", discount: "12.00", total: "513.00" });

    const since = clock.now();
    const paid = await shop.pay(checkout.id, "buyer@test.example");
    const again = await shop.pay(checkout.id, "buyer@test.example");
    expect(paid?.status).toBe("paid");
    expect(again?.orderName).toBe(paid?.orderName);
    const orders = await shop.paidOrders("buyer@test.example", new Date(since.getTime() - 1000));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ total: "513.00", discountCode: "CREDITS-12", checkoutId: checkout.id });
    expect(orders[0]?.lines).toHaveLength(2);
    expect(await shop.paidOrders("buyer@test.example", new Date(clock.now().getTime() + 60_000))).toHaveLength(0);
  });

  it("refuses an unknown variant, a bad quantity or an empty cart", async () => {
    await expect(
      shop.createCheckout({
        lines: [{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }],
        email: "a@b.c",
      }),
    ).rejects.toThrow(ShopError);
    await expect(
      shop.createCheckout({ lines: [{ merchandiseId: "2001", quantity: 0 }], email: "a@b.c" }),
    ).rejects.toThrow(ShopError);
    await expect(shop.createCheckout({ lines: [], email: "a@b.c" })).rejects.toThrow(ShopError);
    expect(await shop.checkout("not-a-uuid", "a@b.c")).toBeNull();
  });

  it("numbers concurrent orders consecutively", async () => {
    const checkouts = await Promise.all(
      Array.from({ length: 6 }, () =>
        shop.createCheckout({ lines: [{ merchandiseId: "2010", quantity: 1 }], email: "many@test.example" }),
      ),
    );
    const paid = await Promise.all(checkouts.map((c) => shop.pay(c.id, "many@test.example")));
    const numbers = paid.map((p) => Number(p?.orderName?.slice(1))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers[5]! - numbers[0]!).toBe(5);
  });
});
