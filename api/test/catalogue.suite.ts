import { existsSync } from "node:fs";
import { join } from "node:path";
import { CartMessages, CatalogueToasts } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant } from "./fixtures";
import { Client, type RuntimeKind, startTestApp, type TestApp, uniqueEmail } from "./helpers";

type Json = Record<string, unknown>;
interface Product {
  id: number;
  shopifyProductId: string;
  shopifyVariantId: string;
  title: string;
  price: string;
  creditPrice: number | null;
  imageUrls: string[];
  productUrl: string;
}

/** The Forbidden Catalogue's read call and the staff's credit purchases, in either runtime. */
export function catalogueSuite(kind: RuntimeKind): void {
  describe(`the Forbidden Catalogue and credit purchases (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        CLAIM_WINDOW_HOURS: "48",
        STAFF_EMAILS: "staff@test.example,racer@test.example",
        EARNING_WINDOW_START: new Date(Date.now() - 86_400_000).toISOString(),
        EARNING_WINDOW_END: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
      await t.runtime.seeds.ensureEvent();
    });
    afterAll(async () => {
      await t?.close();
    });

    // One sign-in per address (the code's resend limit): the same member across tests.
    const members = new Map<string, { c: Client; id: string }>();
    async function signedIn(email: string, credits = 0) {
      let member = members.get(email);
      if (!member) {
        const c = new Client(t.baseUrl);
        await c.signIn(t, email);
        member = { c, id: (await c.get<{ id: string }>("/api/auth/user")).body.id };
        members.set(email, member);
      }
      if (credits > 0) await grant(t.runtime, member.id, credits * 100, `grant-${credits}-${Date.now()}`);
      return member;
    }
    const committed = async (c: Client) =>
      (await c.get<{ committedCredits: number }>("/api/user/committed-credits")).body.committedCredits;
    const balance = async (c: Client) => (await c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance;
    const heldRows = async (userId: string) =>
      (
        await t.runtime.db.dataSource.query(`SELECT status FROM credit_purchases WHERE user_id = $1 ORDER BY id`, [
          userId,
        ])
      ).map((r: { status: string }) => r.status);
    const catalogueOf = async (c: Client) =>
      (await c.get<{ products: Product[]; creditProducts?: Product[] }>("/api/gift-guide-products")).body;
    const bodyFor = (p: Product) => ({
      productId: p.id,
      shopifyProductId: p.shopifyProductId,
      shopifyVariantId: p.shopifyVariantId,
      creditsRequired: p.creditPrice ?? 0,
      productTitle: p.title,
      productPrice: p.price,
    });
    let creditProducts: Product[] = [];
    const byCredits = (n: number) => {
      const found = creditProducts.find((p) => p.creditPrice === n);
      if (!found) throw new Error(`no product at ${n} credits`);
      return found;
    };

    it("members get the cash-priced products by price descending; staff also get the three credit-priced ones", async () => {
      expect((await new Client(t.baseUrl).get("/api/gift-guide-products")).status).toBe(401);
      const member = await signedIn(uniqueEmail("cat"));
      const seen = await catalogueOf(member.c);
      expect(seen.creditProducts).toBeUndefined();
      expect(seen.products).toHaveLength(7);
      expect(seen.products.every((p) => p.creditPrice === null)).toBe(true);
      const prices = seen.products.map((p) => Number(p.price));
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      for (const p of seen.products) {
        expect(p.imageUrls.length).toBeGreaterThanOrEqual(2);
        // Artwork that ships with the web app.
        for (const url of p.imageUrls) expect(existsSync(join(__dirname, "../../web/public", url)), url).toBe(true);
        expect(p.productUrl).toMatch(/\/products\/[a-z-]+$/);
      }

      // View Product: the dev shop's own page of the product, by handle.
      const first = seen.products[0]!;
      const page = await member.c.get<Json>(new URL(first.productUrl).pathname.replace("/dev-shop", "/api/dev-shop"));
      expect(page.body).toMatchObject({ title: first.title, price: first.price });
      expect((await member.c.get("/api/dev-shop/products/no-such-thing")).status).toBe(404);

      const staff = await signedIn("staff@test.example");
      const staffView = await catalogueOf(staff.c);
      expect(staffView.products).toEqual(seen.products);
      creditProducts = staffView.creditProducts ?? [];
      expect(creditProducts.map((p) => p.creditPrice).sort()).toEqual([10, 12, 15]);
    });

    it("the cart's checkout refuses every bad line with a message a member can read, never a 500", async () => {
      const member = await signedIn(uniqueEmail("cart"));
      const variant = creditProducts[0]!.shopifyVariantId;
      const line = (quantity: unknown, merchandiseId: unknown = `gid://shopify/ProductVariant/${variant}`) => ({
        lines: [{ merchandiseId, quantity }],
      });
      for (const quantity of [0, 100, 1.5, -1, "2", null]) {
        const answer = await member.c.post("/api/create-cart", line(quantity));
        expect(answer.status, String(quantity)).toBe(400);
        expect(answer.body.message).toBe(CartMessages.quantity);
      }
      for (const id of ["", 7, null]) {
        const answer = await member.c.post("/api/create-cart", line(1, id));
        expect(answer.status, String(id)).toBe(400);
        expect(answer.body.message).toBe(CartMessages.variant);
      }
      const unknown = await member.c.post("/api/create-cart", line(1, "gid://shopify/ProductVariant/999999"));
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/unknown product variant/);
      const many = Array.from({ length: 51 }, () => ({
        merchandiseId: `gid://shopify/ProductVariant/${variant}`,
        quantity: 1,
      }));
      const tooMany = await member.c.post("/api/create-cart", { lines: many });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(CartMessages.tooManyLines);
      const empty = await member.c.post("/api/create-cart", { lines: [] });
      expect(empty.body.message).toBe("Please add items to your cart before checking out");
      const fine = await member.c.post<{ checkoutUrl: string }>("/api/create-cart", line(99));
      expect(fine.status).toBe(200);
      expect(fine.body.checkoutUrl).toMatch(/\/dev-shop\/checkout\//);
    });

    it("refuses a member who is not staff (403), nothing held", async () => {
      const member = await signedIn(uniqueEmail("cat-buyer"), 100);
      const answer = await member.c.post("/api/purchase-with-credits", bodyFor(byCredits(10)));
      expect(answer.status).toBe(403);
      expect(await committed(member.c)).toBe(0);
      expect(await heldRows(member.id)).toEqual([]);
    });

    it("refuses a staff member without the credits, and a body whose price, variant or credits are forged", async () => {
      const staff = await signedIn("staff@test.example");
      const poor = await staff.c.post("/api/purchase-with-credits", bodyFor(byCredits(15)));
      expect(poor.status).toBe(409);
      expect(poor.body.message).toBe("Not enough credits");

      await grant(t.runtime, staff.id, 100 * 100, "staff-grant");
      const product = byCredits(12);
      const forged = [
        { ...bodyFor(product), productPrice: "0.01" },
        { ...bodyFor(product), creditsRequired: 40 },
        { ...bodyFor(product), shopifyVariantId: byCredits(10).shopifyVariantId },
        { ...bodyFor(product), shopifyProductId: "gid://shopify/Product/1001" },
        { ...bodyFor(product), productPrice: "free" },
        { ...bodyFor(product), productId: 999_999 },
      ];
      for (const body of forged) {
        const answer = await staff.c.post("/api/purchase-with-credits", body);
        expect([400, 404]).toContain(answer.status);
        expect(typeof answer.body.message).toBe("string");
      }
      const cash = (await catalogueOf(staff.c)).products[0]!;
      const notForCredits = await staff.c.post("/api/purchase-with-credits", { ...bodyFor(cash), creditsRequired: 5 });
      expect(notForCredits.status).toBe(400);
      expect(await committed(staff.c)).toBe(0);
      expect(await heldRows(staff.id)).toEqual([]);
    });

    it("holds the credits while the discounted checkout is open, deducts them once when it is paid", async () => {
      const staff = await signedIn("staff@test.example");
      const before = Number(await balance(staff.c));
      const candle = byCredits(10);
      const bought = await staff.c.post<{ cartUrl: string; creditsSpent: number }>(
        "/api/purchase-with-credits",
        bodyFor(candle),
      );
      expect(bought.status).toBe(200);
      expect(bought.body.creditsSpent).toBe(10);
      expect(CatalogueToasts.creditsApplied(bought.body.creditsSpent)).toBe(
        "10 credits used for $10 off your purchase!",
      );
      expect(await committed(staff.c)).toBe(10);
      expect(Number(await balance(staff.c))).toBe(before);

      const checkoutId = bought.body.cartUrl.split("/dev-shop/checkout/")[1]!;
      const page = await staff.c.get<Json>(`/api/dev-shop/checkouts/${checkoutId}`);
      expect(page.body).toMatchObject({ status: "open", subtotal: candle.price, discount: "10.00" });

      // More than what is left available: refused while the hold stands.
      await grant(t.runtime, staff.id, -(before - 20) * 100, "staff-trim");
      const tooMuch = await staff.c.post("/api/purchase-with-credits", bodyFor(byCredits(15)));
      expect(tooMuch.status).toBe(409);

      // Paid at the shop, as Shopify would be: known here only once a sync (or webhook) reports it.
      await t.runtime.devShop!.pay(checkoutId, "staff@test.example");
      expect(await committed(staff.c)).toBe(10);
      await staff.c.post("/api/shopify/sync", { year: 2024 });
      await staff.c.post("/api/shopify/sync", { year: 2024 });
      await t.runtime.purchases.sync(staff.id);
      expect(await committed(staff.c)).toBe(0);
      const ledger = await t.runtime.db.dataSource.query(
        `SELECT amount::text AS amount FROM credit_ledger WHERE user_id = $1 AND kind = 'catalogue'`,
        [staff.id],
      );
      expect(ledger).toEqual([{ amount: "-10.00" }]);
      // 20 - 10 deducted + 9 earned by the order ($18 line: 1 per $2, rounded up).
      expect(await balance(staff.c)).toBe("19.00");
      expect(await heldRows(staff.id)).toEqual(["paid"]);
    });

    it("holds the credits once when purchases race: of five at once with credits for one, one is held", async () => {
      const racer = await signedIn("racer@test.example");
      await grant(t.runtime, racer.id, 12 * 100, "race-grant");
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => racer.c.post("/api/purchase-with-credits", bodyFor(byCredits(12)))),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await committed(racer.c)).toBe(12);
      expect(await heldRows(racer.id)).toEqual(["held"]);
    });

    it("honours a payment that raced the expiry: deducted once, not released", async () => {
      const admin = await signedIn("admin@test.example", 12);
      const bought = await admin.c.post<{ cartUrl: string }>("/api/purchase-with-credits", bodyFor(byCredits(12)));
      expect(bought.status).toBe(200);
      const checkoutId = bought.body.cartUrl.split("/dev-shop/checkout/")[1]!;
      // Paid at the shop, not yet reported (no webhook, no sync) when the window closes.
      await t.runtime.devShop!.pay(checkoutId, "admin@test.example");
      t.clock.advance(48 * 3600_000 + 1000);
      // Only the racer's hold (the test before) is released; this one is recorded as paid.
      expect(await t.runtime.catalogue.releaseExpired()).toBe(1);
      expect(await committed(admin.c)).toBe(0);
      expect(await balance(admin.c)).toBe("0.00");
      expect(await heldRows(admin.id)).toEqual(["paid"]);
      expect(await t.runtime.catalogue.recordPaidCheckout(checkoutId)).toBe(false);
      expect(await balance(admin.c)).toBe("0.00");
    });

    it("releases the hold when the window passes unpaid; the checkout is withdrawn", async () => {
      const admin = await signedIn("admin@test.example", 15);
      const raven = byCredits(15);
      const bought = await admin.c.post<{ cartUrl: string }>("/api/purchase-with-credits", bodyFor(raven));
      expect(bought.status).toBe(200);
      expect(await committed(admin.c)).toBe(15);
      expect(await t.runtime.catalogue.releaseExpired()).toBe(0);

      t.clock.advance(48 * 3600_000 + 1000);
      expect(await t.runtime.catalogue.releaseExpired()).toBe(1);
      expect(await committed(admin.c)).toBe(0);
      expect(await balance(admin.c)).toBe("15.00");
      const checkoutId = bought.body.cartUrl.split("/dev-shop/checkout/")[1]!;
      expect((await admin.c.get<Json>(`/api/dev-shop/checkouts/${checkoutId}`)).body.status).toBe("cancelled");
      // A payment after the release deducts nothing.
      await admin.c.post(`/api/dev-shop/checkouts/${checkoutId}/pay`, {});
      expect(await t.runtime.catalogue.recordPaidCheckout(checkoutId)).toBe(false);
      expect(await balance(admin.c)).toBe("15.00");
      expect(await heldRows(admin.id)).toEqual(["paid", "released"]);
    });
  });
}
