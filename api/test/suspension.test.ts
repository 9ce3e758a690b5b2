import type { AppError } from "@bm/core";
import { currentChallengeDate, Messages } from "@bm/shared";
import { SuspensionMessages } from "@bm/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createLot, grant } from "./fixtures";
import { Client, uniqueEmail } from "./helpers";
import { createChallenge } from "./support/challenges";
import { type ApiNode, eventually, type SharedServices, startApiNode, startSharedServices } from "./support/cluster";
import { type MemberSocket, openSocket, recordEvents, waitForEvent, watchLot } from "./support/sockets";

type Json = Record<string, unknown>;

const ADMINS = "admin@test.example,keeper@test.example";

/**
 * Suspension across two API nodes on one database and one Redis: the member's sessions and
 * sockets end on both, sign-in says only 'This account is suspended', and every member action is
 * refused under the member's row lock even through a path that skips the session (the services
 * called directly, as a request racing the suspension would reach them).
 */
describe("suspending a member (two API nodes, distributed)", () => {
  let services: SharedServices;
  let nodeA: ApiNode;
  let nodeB: ApiNode;
  const admin = { client: undefined as unknown as Client, id: "" };
  const member = {
    email: uniqueEmail("suspended"),
    id: "",
    onA: undefined as unknown as Client,
    onB: undefined as unknown as Client,
  };
  const sockets: MemberSocket[] = [];
  let wonAuction: number;

  /** Both nodes' clocks move together, as one deployment's would. */
  const advance = (ms: number) => {
    nodeA.clock.advance(ms);
    nodeB.clock.advance(ms);
  };
  const db = () => nodeA.runtime.db.dataSource;
  const signInOn = async (node: ApiNode, email: string) => {
    advance(61_000); // one code per address a minute
    const client = new Client(node.baseUrl);
    const answer = await client.signIn(node, email);
    return { client, answer };
  };
  const suspend = (body: Json, id = member.id) => admin.client.post<Json>(`/api/admin/members/${id}/suspension`, body);
  const lift = (body: Json = {}) => admin.client.post<Json>(`/api/admin/members/${member.id}/suspension/lift`, body);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ status: 200, message: "accepted" }),
      (error: AppError) => ({ status: error.status, message: error.message }),
    );
  const SUSPENDED = { status: 403, message: Messages.accountSuspended };

  /**
   * Runs `race` while a suspension of the member is held open at their row lock (as the service
   * takes it), commits the suspension once the raced action waits for that row, and answers its result.
   */
  const raceSuspension = async <T>(reason: string, race: () => Promise<T>): Promise<T> => {
    const suspending = db().createQueryRunner();
    await suspending.connect();
    await suspending.startTransaction();
    try {
      await suspending.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [member.id]);
      await suspending.query(
        `INSERT INTO suspensions (user_id, reason, starts_at, created_by) VALUES ($1, $2, $3, $4)`,
        [member.id, reason, nodeA.clock.now(), admin.id],
      );
      const racing = race();
      await eventually(
        async () =>
          (
            await db().query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          )[0].n > 0,
        5000,
        "the raced action to wait for the member's row",
      );
      await suspending.commitTransaction();
      return await racing;
    } finally {
      if (suspending.isTransactionActive) await suspending.rollbackTransaction();
      await suspending.release();
    }
  };

  beforeAll(async () => {
    services = await startSharedServices("suspension");
    nodeA = await startApiNode(services, { ADMIN_EMAILS: ADMINS });
    nodeB = await startApiNode(services, { ADMIN_EMAILS: ADMINS });
    await nodeA.runtime.seeds.ensureEvent();
    admin.client = (await signInOn(nodeA, "admin@test.example")).client;
    admin.id = (await admin.client.get<{ id: string }>("/api/auth/user")).body.id;

    // The member: signed in on both nodes, with credits, and the winner of a legacy auction.
    member.onA = (await signInOn(nodeA, member.email)).client;
    member.onB = (await signInOn(nodeB, member.email)).client;
    member.id = (await member.onA.get<{ id: string }>("/api/auth/user")).body.id;
    await grant(nodeA.runtime, member.id, 500_00);
    wonAuction = await createAuction(nodeA.runtime, { endTime: new Date(nodeA.clock.now().getTime() + 60_000) });
    expect((await member.onB.post(`/api/auctions/${wonAuction}/bid`, { amount: "20.00" })).status).toBe(200);
    advance(61_000);
    await nodeA.runtime.auctions.closeDue();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeA?.close();
    await nodeB?.close();
    await services?.close();
  });

  it("suspends through node A: both sessions end, the sockets on both nodes close, sign-in says only that it is suspended", async () => {
    for (const [node, client] of [
      [nodeA, member.onA],
      [nodeB, member.onB],
    ] as const) {
      expect((await client.get("/api/auth/user")).status).toBe(200);
      sockets.push(await openSocket(node.baseUrl, client.cookie));
    }
    const closed = sockets.map(
      (socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason))),
    );
    const sessionsOf = async () =>
      (
        await db().query(`SELECT count(*)::int AS n FROM sessions WHERE (sess::jsonb ->> 'userId') = $1`, [member.id])
      )[0].n as number;
    expect(await sessionsOf()).toBe(2);

    const started = Date.now();
    const answer = await suspend({ reason: "Did not pay for lot 12, twice", voidLeadingBids: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      voidedBids: 0,
      suspension: {
        userId: member.id,
        reason: "Did not pay for lot 12, twice",
        until: null,
        voidLeadingBids: false,
        state: "active",
        createdBy: { id: admin.id, email: "admin@test.example" },
        liftedAt: null,
      },
    });

    // Closed by the server on both nodes (node B hears it through the Redis adapter).
    expect(await Promise.all(closed)).toEqual(["io server disconnect", "io server disconnect"]);
    const disconnectMs = Date.now() - started;
    expect(disconnectMs).toBeLessThan(5000);
    expect(await sessionsOf()).toBe(0);
    for (const client of [member.onA, member.onB]) {
      const me = await client.get<Json>("/api/auth/user");
      expect(me.status).toBe(401);
      expect((await client.post(`/api/auction-lots/1/bid`, { amount: 10 })).status).toBe(401);
    }
    await expect(openSocket(nodeB.baseUrl, member.onB.cookie)).rejects.toThrow(/unauthorized/);

    // Sending a code answers as for any address; only the right code tells the mailbox's owner.
    advance(61_000);
    const c = new Client(nodeB.baseUrl);
    const sent = await c.post<Json>("/api/auth/send-code", { email: member.email });
    expect(sent).toMatchObject({ status: 200, body: { message: Messages.codeSent } });
    const code = await nodeB.readCode(member.email);
    const wrong = await c.post<Json>("/api/auth/verify-code", {
      email: member.email,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    const refused = await c.post<Json>("/api/auth/verify-code", { email: member.email, code });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "SUSPENDED", message: "This account is suspended" });
    expect(c.cookie).toBe("");
    expect(await sessionsOf()).toBe(0);
  });

  it("refuses every member action with 403 under the member's row lock, even past the session (services called directly)", async () => {
    const { runtime } = nodeB;
    const lot = await createLot(runtime, { reserve: "5.00" });
    const auction = await createAuction(runtime);
    const today = currentChallengeDate(runtime.clock.now());
    const puzzle = await createChallenge(runtime, { type: "puzzle", date: today, answer: "Mandrake" });
    const trial = await createChallenge(runtime, { type: "trial", date: today, answer: "Nightshade" });
    const viewer = { id: member.id, seesAnyDay: false, address: "10.0.0.9" };
    const products = await runtime.catalogue.list({
      id: admin.id,
      email: "admin@test.example",
      isStaff: true,
      isAdmin: true,
    });
    const forCredits = products.creditProducts?.[0];
    if (!forCredits) throw new Error("the seeded catalogue has no credit-priced product");
    const checkoutsBefore = (await db().query(`SELECT count(*)::int AS n FROM dev_shop_checkouts`))[0].n as number;

    const attempts = {
      lotBid: await refusal(runtime.bidding.placeBid(member.id, lot.id, 10_00, 0)),
      auctionBid: await refusal(runtime.auctions.placeBid(member.id, auction, 15_00)),
      puzzleAnswer: await refusal(
        runtime.challengeSubmissions.submit(viewer, "puzzle", puzzle.slug, { answer: "Mandrake" }),
      ),
      trialAnswer: await refusal(runtime.challengeSubmissions.submit(viewer, "trial", trial.slug, { answer: "wrong" })),
      claim: await refusal(runtime.auctions.purchaseLink(member.id, wonAuction)),
      cataloguePurchase: await refusal(
        runtime.catalogue.purchaseWithCredits(
          { id: member.id, email: member.email, isStaff: true, isAdmin: false },
          {
            productId: forCredits.id,
            shopifyProductId: forCredits.shopifyProductId,
            shopifyVariantId: forCredits.shopifyVariantId,
            creditsRequired: forCredits.creditPrice ?? 0,
            productTitle: forCredits.title,
            productPrice: forCredits.price,
          },
        ),
      ),
    };
    expect(attempts).toEqual({
      lotBid: SUSPENDED,
      auctionBid: SUSPENDED,
      puzzleAnswer: SUSPENDED,
      trialAnswer: SUSPENDED,
      claim: SUSPENDED,
      cataloguePurchase: SUSPENDED,
    });

    // Nothing was written: no bid, no attempt, no purchase held, no claim paid; the checkouts the
    // shop opened before the lock refused are cancelled, so no discount stays payable.
    const count = async (sql: string) => (await db().query(sql, [member.id]))[0].n as number;
    expect(await count(`SELECT count(*)::int AS n FROM bids WHERE user_id = $1`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM auction_bids WHERE user_id = $1`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM puzzle_failed_attempts WHERE user_id = $1`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM puzzle_completions WHERE user_id = $1`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM trial_failed_attempts WHERE user_id = $1`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM credit_purchases WHERE user_id = $1`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND kind <> 'admin'`)).toBe(0);
    const opened: { status: string }[] = await db().query(
      `SELECT status FROM dev_shop_checkouts ORDER BY created_at OFFSET $1`,
      [checkoutsBefore],
    );
    expect(opened.length).toBe(2);
    expect(opened.every((c) => c.status === "cancelled")).toBe(true);
  });

  it("ends a session that outlived the suspension (a sign-in racing it) at its first request", async () => {
    // The row a sign-in that checked just before the suspension committed would have saved after it.
    const { Signer } = await import("@fastify/cookie");
    const sid = `raced-${Date.now()}`;
    const sess = {
      cookie: { originalMaxAge: 3600_000, httpOnly: true, path: "/", sameSite: "lax" },
      userId: member.id,
    };
    await db().query(`INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, now() + interval '1 hour')`, [
      sid,
      JSON.stringify(sess),
    ]);
    const raced = new Client(nodeB.baseUrl);
    raced.cookie = `bm.sid=${encodeURIComponent(new Signer(nodeB.runtime.sessionSecret, "sha256").sign(sid))}`;
    await expect(openSocket(nodeB.baseUrl, raced.cookie)).rejects.toThrow(/unauthorized/);
    const me = await raced.get<Json>("/api/auth/user");
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ code: "SUSPENDED", message: Messages.accountSuspended });
    expect((await db().query(`SELECT sid FROM sessions WHERE sid = $1`, [sid])).length).toBe(0);
  });

  it("keeps the history; refuses a second suspension, yourself, another admin, a past end and no one", async () => {
    const history = await admin.client.get<Json>(`/api/admin/members/${member.id}/suspensions`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ active: { state: "active" }, items: [{ state: "active" }] });

    const again = await suspend({ reason: "again", voidLeadingBids: false });
    expect(again).toMatchObject({ status: 409, body: { message: SuspensionMessages.alreadySuspended } });
    const self = await suspend({ reason: "oops", voidLeadingBids: false }, admin.id);
    expect(self).toMatchObject({ status: 409, body: { message: SuspensionMessages.notYourself } });
    const keeper = await signInOn(nodeB, "keeper@test.example");
    const keeperId = (await keeper.client.get<{ id: string }>("/api/auth/user")).body.id;
    const otherAdmin = await suspend({ reason: "a coup", voidLeadingBids: false }, keeperId);
    expect(otherAdmin).toMatchObject({ status: 409, body: { message: SuspensionMessages.notAnAdmin } });
    // Nor may the other admin be suspended by a reason-less or past-dated call, nor a stranger.
    const past = new Date(nodeA.clock.now().getTime() - 1000).toISOString();
    const bystander = (await signInOn(nodeA, uniqueEmail("bystander"))).client;
    const bystanderId = (await bystander.get<{ id: string }>("/api/auth/user")).body.id;
    expect(await suspend({ reason: "late", until: past, voidLeadingBids: false }, bystanderId)).toMatchObject({
      status: 400,
      body: { message: SuspensionMessages.untilPast },
    });
    expect((await suspend({ reason: "  ", voidLeadingBids: false }, bystanderId)).status).toBe(400);
    expect((await suspend({ reason: "x" }, bystanderId)).status).toBe(400);
    const nobody = await suspend({ reason: "x", voidLeadingBids: false }, "00000000-0000-4000-8000-000000000000");
    expect(nobody).toMatchObject({ status: 404, body: { message: SuspensionMessages.memberNotFound } });
    // A member is not an admin: refused by the access hook.
    expect((await bystander.post(`/api/admin/members/${member.id}/suspension/lift`, {})).status).toBe(403);
    expect((await bystander.get("/api/auth/user")).status).toBe(200);
    expect((await keeper.client.get("/api/auth/user")).status).toBe(200);
  });

  it("lifted by hand: the member signs in again and bids; both actions are in the audit trail", async () => {
    const lifted = await lift({ reason: "Paid in full" });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({
      suspension: {
        state: "lifted",
        liftReason: "Paid in full",
        liftedBy: { id: admin.id, email: "admin@test.example" },
      },
    });
    expect((await lift()).status).toBe(409);

    const back = await signInOn(nodeB, member.email);
    expect(back.answer.status).toBe(200);
    const lot = await createLot(nodeB.runtime, { reserve: "5.00" });
    expect((await back.client.post(`/api/auction-lots/${lot.id}/bid`, { amount: 10 })).status).toBe(200);

    const audit = await admin.client.get<{ items: Json[] }>(
      `/api/admin/audit?targetKind=member&targetId=${member.id}&order=asc`,
    );
    expect(audit.status).toBe(200);
    expect(audit.body.items.map((row) => row.action)).toEqual(["member.suspend", "member.unsuspend"]);
    expect(audit.body.items[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: "admin@test.example",
      targetKind: "member",
      targetId: member.id,
      before: null,
      after: { reason: "Did not pay for lot 12, twice", endedSessions: 2, voidLeadingBids: false },
    });
    expect(audit.body.items[1]).toMatchObject({
      before: { liftedAt: null },
      after: { liftReason: "Paid in full" },
    });
  });

  it("ends by itself at its end: nothing caches it, no job runs, the advanced clock alone lets the member back", async () => {
    const until = new Date(nodeA.clock.now().getTime() + 3600_000).toISOString();
    const answer = await suspend({ reason: "Cooling off", until, voidLeadingBids: false });
    expect(answer).toMatchObject({ status: 200, body: { suspension: { state: "active", until } } });
    const refused = await signInOn(nodeA, member.email);
    expect(refused.answer).toMatchObject({ status: 403, body: { message: Messages.accountSuspended } });
    expect(refused.answer.body).not.toHaveProperty("until");

    advance(3600_000);
    const back = await signInOn(nodeA, member.email);
    expect(back.answer.status).toBe(200);
    const lot = await createLot(nodeA.runtime, { reserve: "5.00" });
    expect((await back.client.post(`/api/auction-lots/${lot.id}/bid`, { amount: 10 })).status).toBe(200);
    const history = await admin.client.get<{ active: Json | null; items: Json[] }>(
      `/api/admin/members/${member.id}/suspensions`,
    );
    expect(history.body.active).toBeNull();
    expect(history.body.items.map((s) => s.state)).toEqual(["ended", "lifted"]);
    // Ended by its time, not lifted: nobody lifted it, and the trail has no unsuspend for it.
    expect(history.body.items[0]).toMatchObject({ liftedAt: null, liftedBy: null });
  });

  it("keeps the operator's choice to void the member's leading bids with the suspension", async () => {
    const answer = await suspend({ reason: "Shill bidding", voidLeadingBids: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ suspension: { voidLeadingBids: true, state: "active" } });
    expect((await lift()).status).toBe(200);
  });

  it("refuses a bid that raced the suspension: past every check, it waited for the member's row and then read it", async () => {
    const lot = await createLot(nodeB.runtime, { reserve: "5.00" });
    const racing = () => refusal(nodeB.runtime.bidding.placeBid(member.id, lot.id, 10_00, 0));
    expect(await raceSuspension("raced", racing)).toEqual(SUSPENDED);
    expect((await db().query(`SELECT count(*)::int AS n FROM bids WHERE lot_id = $1`, [lot.id]))[0].n).toBe(0);
    expect((await lift()).status).toBe(200);
  });

  it("answers a bid through HTTP that raced the suspension as the access check does: 401, the session ended", async () => {
    const lot = await createLot(nodeB.runtime, { reserve: "5.00" });
    const { client } = await signInOn(nodeB, member.email);
    const answer = await raceSuspension("raced over HTTP", () =>
      client.post<Json>(`/api/auction-lots/${lot.id}/bid`, { amount: "10.00" }),
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: "SUSPENDED", message: Messages.accountSuspended });
    expect((await lift()).status).toBe(200);
    // The session ended with the refusal: lifting the suspension does not bring it back.
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await db().query(`SELECT count(*)::int AS n FROM bids WHERE lot_id = $1`, [lot.id]))[0].n).toBe(0);
  });

  it("voids the suspended member's leading bids when asked: the lead recomputed from the remaining bids and broadcast", async () => {
    const cheat = { email: uniqueEmail("shill"), id: "", client: undefined as unknown as Client };
    cheat.client = (await signInOn(nodeA, cheat.email)).client;
    cheat.id = (await cheat.client.get<{ id: string }>("/api/auth/user")).body.id;
    const rival = (await signInOn(nodeB, uniqueEmail("rival"))).client;
    const rivalId = (await rival.get<{ id: string }>("/api/auth/user")).body.id;
    await grant(nodeA.runtime, cheat.id, 100_00, "shill-grant");
    await grant(nodeA.runtime, rivalId, 100_00, "rival-grant");
    const contested = await createLot(nodeA.runtime, { reserve: "5.00" });
    const alone = await createLot(nodeA.runtime, { reserve: "5.00" });
    expect((await rival.post(`/api/auction-lots/${contested.id}/bid`, { amount: 10, creditsUsed: 4 })).status).toBe(
      200,
    );
    expect(
      (await cheat.client.post(`/api/auction-lots/${contested.id}/bid`, { amount: 15, creditsUsed: 3 })).status,
    ).toBe(200);
    expect((await cheat.client.post(`/api/auction-lots/${alone.id}/bid`, { amount: 8 })).status).toBe(200);

    // The rival watches from the other node.
    const watcher = await openSocket(nodeB.baseUrl, rival.cookie);
    sockets.push(watcher);
    const heard = recordEvents(watcher);
    await watchLot(watcher, contested.lotNumber);

    const answer = await suspend({ reason: "Shill bidding", voidLeadingBids: true }, cheat.id);
    expect(answer.status).toBe(200);
    expect(answer.body.voidedBids).toBe(2);
    const rows = await db().query(
      `SELECT id, current_bid::text AS bid, leader_id, leader_credits_used::text AS credits FROM auction_lots WHERE id = ANY($1) ORDER BY id`,
      [[contested.id, alone.id]],
    );
    expect(rows[0]).toMatchObject({ bid: "10.00", leader_id: rivalId, credits: "4.00" });
    expect(rows[1]).toMatchObject({ bid: "0.00", leader_id: null });
    const voided = await db().query(
      `SELECT count(*)::int AS n FROM bids WHERE user_id = $1 AND voided_at IS NOT NULL`,
      [cheat.id],
    );
    expect(voided[0].n).toBe(2);
    expect(await nodeA.runtime.credits.committedCents(cheat.id)).toBe(0);
    expect(await nodeA.runtime.credits.committedCents(rivalId)).toBe(400);
    // Told across nodes: the room sees the price fall back, the rival hears the lead is theirs again.
    await waitForEvent(
      heard,
      (e) => e.event === "lot:update" && e.payload.lotId === contested.id && e.payload.currentBid === "10.00",
    );
    await waitForEvent(
      heard,
      (e) => e.event === "user:lead" && e.payload.lotId === contested.id && e.payload.leading === true,
    );
    await waitForEvent(heard, (e) => e.event === "lot:void" && e.payload.lotId === contested.id);
    const audit = await db().query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'bid.voided' AND target_kind = 'lot' AND after->>'member' = $1`,
      [cheat.id],
    );
    expect(audit[0].n).toBe(2);
  });
});
