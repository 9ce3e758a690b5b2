import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { Client, signedIn, uniqueEmail } from "./helpers";
import {
  deliver,
  orderPaidBody,
  type ShopifyTestApp,
  signedDelivery,
  startShopifyApp,
  webhooksProcessed,
} from "./support/shopify";

type Json = Record<string, unknown>;

/**
 * A won lot's claim with Shopify (the fake): a draft order at the exact winning bid with the
 * credits as its discount; paid -> claimed with the credits deducted once; the window passed ->
 * the draft order deleted first, then expired; a payment racing the expiry is honoured, never
 * lost, and never deducted twice.
 */
describe("claims at the exact price with Shopify", () => {
  let t: ShopifyTestApp;
  beforeAll(async () => {
    t = await startShopifyApp("distributed", { SOFT_CLOSE_SECONDS: "0", CLAIM_WINDOW_HOURS: "48" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (credits = 0) => signedIn(t, { label: "claim-shopify", credits });

  /** `winner` wins a lot at $30 using `credits`; answers it once the claim's draft order exists and was mailed. */
  async function won(winner: Awaited<ReturnType<typeof member>>, credits: number) {
    const rival = await member();
    const lot = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + 60_000) });
    expect((await rival.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 20 })).status).toBe(200);
    expect((await winner.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 30, creditsUsed: credits })).status).toBe(
      200,
    );
    t.clock.advance(61_000);
    await t.waitForMail(winner.email);
    const seen = (await winner.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
    const [row] = await t.runtime.db.dataSource.query(`SELECT shop_checkout_id FROM auction_lots WHERE id = $1`, [
      lot.id,
    ]);
    const draftId = String(row.shop_checkout_id);
    expect(draftId).toMatch(/^gid:\/\/shopify\/DraftOrder\/\d+$/);
    return { lot, seen, draftId, deadline: new Date(String(seen.claimDeadline)) };
  }

  const claimOf = async (who: { c: Client }, lotNumber: number) =>
    (await who.c.get<Json>(`/api/auction-lots/${lotNumber}`)).body.claimStatus;
  const balanceOf = async (who: { c: Client }) => (await who.c.get<Json>("/api/user/mpc")).body.mpcBalance;
  const committedOf = async (who: { c: Client }) =>
    (await who.c.get<Json>("/api/user/committed-credits")).body.committedCredits;
  async function lotPayments(lotId: number): Promise<number> {
    const [row] = await t.runtime.db.dataSource.query(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE kind = 'lot_payment' AND source_id = $1`,
      [`lot:${lotId}`],
    );
    return row.n;
  }
  const draftExists = (draftId: string) => t.fake.store.draftOrders.some((d) => draftId.endsWith(`/${d.id}`));
  const webhookOf = (order: ReturnType<typeof t.fake.payDraftOrder>) =>
    deliver(t.baseUrl, signedDelivery(orderPaidBody(order), { shopDomain: t.shopDomain }));

  it("charges exactly the winning bid less the credits, and a paid draft order claims the lot once", async () => {
    const winner = await member(10);
    const { lot, draftId } = await won(winner, 8);
    const draft = t.fake.store.draftOrders.find((d) => draftId.endsWith(`/${d.id}`))!;
    expect(draft.lines).toEqual([expect.objectContaining({ price: "30.00", quantity: 1, variantId: null })]);
    expect(draft.discount).toBe(800);

    const order = t.fake.payDraftOrder(draftId);
    expect(order.total).toBe("22.00");
    expect((await webhookOf(order)).body).toEqual({ received: "accepted" });
    await webhooksProcessed(t);
    expect(await claimOf(winner, lot.lotNumber)).toBe("claimed");
    // The sync finds the same order again: nothing more happens.
    expect((await winner.c.post("/api/shopify/sync", {})).status).toBe(200);
    expect(await lotPayments(lot.id)).toBe(1);
    expect(await balanceOf(winner)).toBe("2.00");
    expect(await committedOf(winner)).toBe(0);
  });

  it("expires an unpaid claim after deleting its draft order first: the credits are released, nothing deducted", async () => {
    const winner = await member(10);
    const { lot, draftId, deadline } = await won(winner, 8);
    expect(await committedOf(winner)).toBe(8);
    const before = t.fake.calls.length;
    t.clock.set(new Date(deadline.getTime() + 1000));
    await t.runtime.claims.expireClaims();
    expect(await claimOf(winner, lot.lotNumber)).toBe("expired");
    expect(draftExists(draftId)).toBe(false);
    // The draft's status is asked before it is deleted. The app's sweep (every 500 ms) may expire
    // the claim too, alongside this call: so the first delete since the deadline passed is the one
    // that must follow a status check, not the last of the file's calls.
    const calls = t.fake.calls.slice(before).map((c) => c.operation);
    expect(calls.indexOf("DraftOrderStatus")).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf("DraftOrderDelete")).toBeGreaterThan(calls.indexOf("DraftOrderStatus"));
    expect(() => t.fake.payDraftOrder(draftId)).toThrow();
    expect(await lotPayments(lot.id)).toBe(0);
    expect(await balanceOf(winner)).toBe("10.00");
    expect(await committedOf(winner)).toBe(0);
  });

  it("honours a payment made while the expiry deletes the draft order: claimed, deducted once", async () => {
    const winner = await member(10);
    const { lot, draftId, deadline } = await won(winner, 8);
    let webhook: Promise<unknown> | undefined;
    // The buyer pays between the expiry's status check and its delete; Shopify's webhook follows.
    t.fake.beforeNext("DraftOrderDelete", () => {
      webhook = webhookOf(t.fake.payDraftOrder(draftId));
    });
    t.clock.set(new Date(deadline.getTime() + 1000));
    await Promise.all([t.runtime.claims.expireClaims(), t.runtime.claims.expireClaims()]);
    await webhook;
    await webhooksProcessed(t);
    expect(webhook).toBeDefined();
    expect(await claimOf(winner, lot.lotNumber)).toBe("claimed");
    expect(await lotPayments(lot.id)).toBe(1);
    expect(await balanceOf(winner)).toBe("2.00");
    expect(await committedOf(winner)).toBe(0);
  });

  it("a claim paid in the same second as its expiry ends exactly claimed or expired, deducted at most once", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const winner = await member(10);
      const { lot, draftId, deadline } = await won(winner, 8);
      t.clock.set(deadline);
      const pay = async () => {
        let order: ReturnType<typeof t.fake.payDraftOrder>;
        try {
          order = t.fake.payDraftOrder(draftId);
        } catch {
          return false; // the draft order was deleted first: the buyer can no longer pay
        }
        await webhookOf(order);
        return true;
      };
      const [paid] = await Promise.all([
        pay(),
        t.runtime.claims.expireClaims(),
        winner.c.post("/api/shopify/sync", {}),
        t.runtime.claims.expireClaims(),
      ]);
      await webhooksProcessed(t);
      await t.runtime.claims.expireClaims();
      const status = await claimOf(winner, lot.lotNumber);
      outcomes.push(String(status));
      expect(["claimed", "expired"]).toContain(status);
      // A payment that went through is never lost; an expired claim deducted nothing.
      if (paid) expect(status).toBe("claimed");
      expect(await lotPayments(lot.id)).toBe(status === "claimed" ? 1 : 0);
      expect(await balanceOf(winner)).toBe(status === "claimed" ? "2.00" : "10.00");
      expect(await committedOf(winner)).toBe(0);
    }
    expect(outcomes).toHaveLength(3);
  });
});

/** Without the sweeper (nothing runs on its own): which expiry meets the shop's failure is known. */
describe("claims whose draft order the shop fails to withdraw", () => {
  let t: ShopifyTestApp;
  beforeAll(async () => {
    t = await startShopifyApp("distributed", { SOFT_CLOSE_SECONDS: "0", CLAIM_WINDOW_HOURS: "48" }, { jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function wonDirectly(credits: number) {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("claim-fail"));
    const id = (await c.get<{ id: string }>("/api/auth/user")).body.id;
    await grant(t.runtime, id, 1000);
    const lot = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + 60_000) });
    expect((await c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 30, creditsUsed: credits })).status).toBe(200);
    t.clock.advance(61_000);
    await t.runtime.closing.closeLot(lot.id);
    await t.runtime.claims.prepareClaim(lot.id);
    const [row] = await t.runtime.db.dataSource.query(
      `SELECT shop_checkout_id, claim_deadline, claim_status FROM auction_lots WHERE id = $1`,
      [lot.id],
    );
    expect(String(row.shop_checkout_id)).toMatch(/^gid:\/\/shopify\/DraftOrder\/\d+$/);
    return { c, lot, draftId: String(row.shop_checkout_id), deadline: new Date(row.claim_deadline) };
  }
  const statusOf = async (lotId: number) =>
    (await t.runtime.db.dataSource.query(`SELECT claim_status FROM auction_lots WHERE id = $1`, [lotId]))[0]
      .claim_status;
  const draftExists = (draftId: string) => t.fake.store.draftOrders.some((d) => draftId.endsWith(`/${d.id}`));

  it("leaves that claim pending (still payable), expires the others, and expires it once the shop answers", async () => {
    const a = await wonDirectly(8);
    const b = await wonDirectly(8);
    t.clock.set(new Date(Math.max(a.deadline.getTime(), b.deadline.getTime()) + 1000));
    // The shop refuses the first status check outright (a 403 is not retried): the oldest deadline, a's.
    t.fake.beforeNext("DraftOrderStatus", () => t.fake.failNext(1, 403));
    expect(await t.runtime.claims.expireClaims()).toBe(1);
    expect([await statusOf(a.lot.id), await statusOf(b.lot.id)]).toEqual(["pending", "expired"]);
    expect([draftExists(a.draftId), draftExists(b.draftId)]).toEqual([true, false]);
    // The next sweep withdraws it and expires it too; nothing was deducted from either.
    expect(await t.runtime.claims.expireClaims()).toBe(1);
    expect(await statusOf(a.lot.id)).toBe("expired");
    expect(draftExists(a.draftId)).toBe(false);
    const [payments] = await t.runtime.db.dataSource.query(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE kind = 'lot_payment' AND source_id IN ($1, $2)`,
      [`lot:${a.lot.id}`, `lot:${b.lot.id}`],
    );
    expect(payments.n).toBe(0);
    expect((await a.c.get<Json>("/api/user/mpc")).body.mpcBalance).toBe("10.00");
  });
});
