import { RedisPresence } from "@bm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { eventually, sleep } from "./support/cluster";
import { type MemberSocket, openSocket, watchLot } from "./support/sockets";

interface Bidder {
  c: Client;
  id: string;
  email: string;
}

/** Outbid e-mails, coalesced: the real BullMQ jobs, Redis presence and SMTP sink. */
describe("outbid e-mails", () => {
  let t: TestApp;
  let second: TestApp | undefined;
  const sockets: MemberSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp("distributed", { SOFT_CLOSE_SECONDS: "0" }, { jobs: true });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second?.close();
    await t?.close();
  });

  async function bidder(label: string): Promise<Bidder> {
    const c = new Client(t.baseUrl);
    const email = uniqueEmail(label);
    await c.signIn(t, email);
    return { c, email, id: (await c.get<{ id: string }>("/api/auth/user")).body.id };
  }
  const bid = async (who: Bidder, lotId: number, amount: number) => {
    const answer = await who.c.post(`/api/auction-lots/${lotId}/bid`, { amount });
    expect(answer.status).toBe(200);
  };
  const outbidMails = (who: Bidder, lotNumber: number) =>
    t.sink!.messages.filter((m) => m.to.includes(who.email) && m.subject.startsWith(`Outbid on Lot ${lotNumber}:`));

  it("sends one e-mail to a member outbid three times in a minute while away", async () => {
    const [a, b] = [await bidder("away"), await bidder("rival")];
    const lot = await createLot(t.runtime);
    for (const [who, amount] of [
      [a, 10],
      [b, 11],
      [a, 12],
      [b, 13],
      [a, 14],
      [b, 15],
    ] as const) {
      await bid(who, lot.id, amount);
    }
    await eventually(async () => outbidMails(a, lot.lotNumber).length > 0, 10_000, "the outbid e-mail");
    // Any further e-mail from the three outbids would have arrived by now.
    await sleep(1500);
    expect(outbidMails(a, lot.lotNumber)).toHaveLength(1);
    expect(outbidMails(a, lot.lotNumber)[0]!.text).toContain(`/lot/${lot.lotNumber}`);
  });

  it("sends none while the member's socket watches the lot", async () => {
    const [watcher, away, rival] = [await bidder("watcher"), await bidder("away2"), await bidder("rival2")];
    const lot = await createLot(t.runtime);
    const socket = await openSocket(t.baseUrl, watcher.c.cookie);
    sockets.push(socket);
    await watchLot(socket, lot.lotNumber);
    await bid(watcher, lot.id, 10);
    await bid(away, lot.id, 11);
    await bid(rival, lot.id, 12);
    // The member away hears of it; the one watching saw it live and gets nothing.
    await eventually(async () => outbidMails(away, lot.lotNumber).length > 0, 10_000, "the away member's e-mail");
    await sleep(1000);
    expect(outbidMails(watcher, lot.lotNumber)).toHaveLength(0);
    expect(await t.runtime.outbidMails.send(lot.id, watcher.id)).toBe("watching");
  });

  it("sends none to a member leading again, or once the lot closed", async () => {
    const [a, b] = [await bidder("back"), await bidder("rival3")];
    const lot = await createLot(t.runtime);
    await bid(a, lot.id, 10);
    await bid(b, lot.id, 11);
    await bid(a, lot.id, 12);
    expect(await t.runtime.outbidMails.send(lot.id, a.id)).toBe("no-longer-outbid");

    const closing = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + 60_000) });
    await bid(a, closing.id, 10);
    await bid(b, closing.id, 11);
    t.clock.advance(61_000);
    // This close, or the close watch's (this app runs jobs: it may find the lot due first).
    await t.runtime.closing.closeLot(closing.id);
    const [row] = await t.runtime.db.dataSource.query(`SELECT is_closed FROM auction_lots WHERE id = $1`, [closing.id]);
    expect(row).toEqual({ is_closed: true });
    expect(await t.runtime.outbidMails.send(closing.id, a.id)).toBe("no-longer-outbid");
  });

  it("coalesces outbids within the quiet period into one more e-mail at its end, if still outbid", async () => {
    const [a, b] = [await bidder("quiet"), await bidder("rival4")];
    const lot = await createLot(t.runtime);
    await bid(a, lot.id, 10);
    await bid(b, lot.id, 11);
    await eventually(async () => outbidMails(a, lot.lotNumber).length === 1, 10_000, "the first e-mail");
    await bid(a, lot.id, 12);
    await bid(b, lot.id, 13);
    // Within the quiet period: no second e-mail now.
    await sleep(1000);
    expect(outbidMails(a, lot.lotNumber)).toHaveLength(1);
    expect(await t.runtime.outbidMails.send(lot.id, a.id)).toBe("mailed-recently");
    // Its end: still outbid, away, so one more goes, with the bid to beat then.
    t.clock.advance(10 * 60_000 + 1000);
    expect(await t.runtime.outbidMails.send(lot.id, a.id)).toBe("sent");
    await eventually(async () => outbidMails(a, lot.lotNumber).length === 2, 10_000, "the second e-mail");
    expect(outbidMails(a, lot.lotNumber)[1]!.text).toContain("$13.00");
  });

  it("shares presence between API nodes through Redis, and forgets a dead node's watchers", async () => {
    second = await startTestApp("distributed", {
      DATABASE_URL: t.runtime.config.databaseUrl ?? "",
      REDIS_PREFIX: t.runtime.config.redisPrefix,
    });
    const member = await bidder("presence");
    const lot = await createLot(t.runtime);
    const socket = await openSocket(second.baseUrl, member.c.cookie);
    await watchLot(socket, lot.lotNumber);
    // Watched on the second node, seen from the first (where a job may run).
    expect(await t.runtime.presence.watching(member.id, lot.id)).toBe(true);
    socket.close();
    await eventually(async () => !(await t.runtime.presence.watching(member.id, lot.id)), 5000, "the watch to end");

    // A node that dies says nothing: its watches expire on their own.
    const dying = new RedisPresence(t.runtime.redis!, t.runtime.config.redisPrefix, 300);
    await dying.watch("dead-socket", member.id, lot.id);
    expect(await t.runtime.presence.watching(member.id, lot.id)).toBe(true);
    dying.abandon();
    await eventually(async () => !(await t.runtime.presence.watching(member.id, lot.id)), 3000, "the watch to expire");
  });
});
