import { DEV_SHOP_PRODUCTS } from "@bm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction } from "./fixtures";
import { signedIn, startTestApp, type TestApp } from "./helpers";

type Json = Record<string, unknown>;

/** A dev-shop checkout belongs to the member it was made for: nobody else may read or pay it. */
describe("dev shop checkouts and their member", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed", {
      EARNING_WINDOW_START: new Date(Date.now() - 86_400_000).toISOString(),
      EARNING_WINDOW_END: new Date(Date.now() + 86_400_000).toISOString(),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (credits = 0) => signedIn(t, { label: "shopper", credits });
  const variant = DEV_SHOP_PRODUCTS[9]!.variants[0]!;

  it("answers 404 to another member reading or paying a checkout, whose credits they then cannot sync", async () => {
    const owner = await member();
    const other = await member();
    const cart = await owner.c.post<{ checkoutUrl: string }>("/api/create-cart", {
      lines: [{ merchandiseId: variant.id, quantity: 2 }],
    });
    const id = cart.body.checkoutUrl.split("/").at(-1)!;

    expect((await other.c.get(`/api/dev-shop/checkouts/${id}`)).status).toBe(404);
    expect((await other.c.post(`/api/dev-shop/checkouts/${id}/pay`, {})).status).toBe(404);
    expect((await other.c.post<Json>("/api/shopify/sync", { year: 2024 })).body).toMatchObject({ ordersCredited: 0 });
    expect((await other.c.get<Json>("/api/user/mpc")).body.mpcBalance).toBe("0.00");

    // Untouched by the attempt: its member reads and pays it.
    expect((await owner.c.get<Json>(`/api/dev-shop/checkouts/${id}`)).body).toMatchObject({ status: "open" });
    expect((await owner.c.post<Json>(`/api/dev-shop/checkouts/${id}/pay`, {})).body).toMatchObject({ status: "paid" });
    expect((await owner.c.post<Json>("/api/shopify/sync", { year: 2024 })).body).toMatchObject({ ordersCredited: 1 });
  });

  it("answers 404, never a database error, for a malformed checkout id", async () => {
    const someone = await member();
    for (const id of ["not-a-uuid", "-".repeat(36), "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"]) {
      expect((await someone.c.get(`/api/dev-shop/checkouts/${id}`)).status).toBe(404);
      expect((await someone.c.post(`/api/dev-shop/checkouts/${id}/pay`, {})).status).toBe(404);
    }
  });

  it("makes an auction's purchase link for its winner: theirs to read, nobody else's", async () => {
    const winner = await member(40);
    const other = await member(40);
    const id = await createAuction(t.runtime, { endTime: new Date(t.clock.now().getTime() + 60_000) });
    await winner.c.post(`/api/auctions/${id}/bid`, { amount: "25.00" });
    t.clock.advance(61_000);
    await t.runtime.auctions.closeDue();
    const link = await winner.c.post<{ purchaseLink: string }>(`/api/auctions/${id}/purchase-link`, {});
    const checkoutId = link.body.purchaseLink.split("/").at(-1)!;
    expect((await winner.c.get<Json>(`/api/dev-shop/checkouts/${checkoutId}`)).status).toBe(200);
    expect((await other.c.get(`/api/dev-shop/checkouts/${checkoutId}`)).status).toBe(404);
    expect((await other.c.post(`/api/dev-shop/checkouts/${checkoutId}/pay`, {})).status).toBe(404);
  });
});
