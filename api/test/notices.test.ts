import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { type SignedInMember, signedIn, startTestApp, type TestApp } from "./helpers";
import { eventually, sleep } from "./support/cluster";
import { type FakeDevice, FakePushService, vapidKeys } from "./support/push-service";

type Json = Record<string, unknown>;
const ALL = { outbid: true, closing: true, won: true };

/**
 * A watchlist that follows the member, and notices that reach them (issue 29): the watchlist on
 * the account; the e-mail and Web Push kinds; outbid, closing-soon and won notices pushed through
 * a push service on loopback that decrypts what it receives (as the phone would); a device the
 * push service says is gone is dropped; each preference respected.
 */
describe("the watchlist and the notices", () => {
  let t: TestApp;
  const pushService = new FakePushService();
  const vapid = vapidKeys();

  beforeAll(async () => {
    await pushService.start();
    t = await startTestApp(
      "distributed",
      { SOFT_CLOSE_SECONDS: "0", VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
      { jobs: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await pushService.stop();
  });

  const member = (credits = 100) => signedIn(t, { label: "notices", credits });
  const subscribe = (m: SignedInMember, device: FakeDevice, kinds = ALL, name = "Chrome on Android") =>
    m.c.post<Json>("/api/user/notifications/push", {
      subscription: { endpoint: device.endpoint, keys: device.keys },
      kinds,
      device: name,
    });
  const bid = async (m: SignedInMember, lotId: number, amount: number) =>
    expect((await m.c.post(`/api/auction-lots/${lotId}/bid`, { amount })).status).toBe(200);

  it("keeps the watchlist with the account: watch, unwatch, merge a browser's list, each member their own", async () => {
    const [a, b] = [await member(), await member()];
    const [one, two] = [await createLot(t.runtime), await createLot(t.runtime)];
    expect((await a.c.get("/api/user/watchlist")).body).toEqual({ lotIds: [] });
    expect((await a.c.put(`/api/user/watchlist/${one.id}`, {})).body).toEqual({ lotIds: [one.id] });
    // Again is nothing; a lot that does not exist is 404.
    expect((await a.c.put(`/api/user/watchlist/${one.id}`, {})).body).toEqual({ lotIds: [one.id] });
    expect((await a.c.put("/api/user/watchlist/999999", {})).status).toBe(404);
    // A browser's own list merged in once; lots that are gone are left out.
    const merged = await a.c.post<Json>("/api/user/watchlist/merge", { lotIds: [two.id, one.id, 999999] });
    expect(merged.body).toEqual({ lotIds: [one.id, two.id] });
    expect((await a.c.post("/api/user/watchlist/merge", { lotIds: ["x"] })).status).toBe(400);
    expect((await b.c.get("/api/user/watchlist")).body).toEqual({ lotIds: [] });
    const gone = await a.c.request<Json>("DELETE", `/api/user/watchlist/${one.id}`, undefined, {});
    expect(gone.body).toEqual({ lotIds: [two.id] });
  });

  it("lists the notices' settings, and keeps a device's subscription, its kinds and its removal", async () => {
    const a = await member();
    const settings = await a.c.get<Json>("/api/user/notifications");
    expect(settings.body).toEqual({
      email: { outbid: true, closing: false, won: true },
      devices: [],
      pushPublicKey: vapid.publicKey,
    });
    // The winner's e-mail carries the claim: it stays on.
    const email = await a.c.put<Json>("/api/user/notifications/email", { outbid: false, closing: true, won: false });
    expect(email.body.email).toEqual({ outbid: false, closing: true, won: true });
    const phone = pushService.device("phone");
    const subscribed = await subscribe(a, phone);
    expect(subscribed.status).toBe(200);
    expect(subscribed.body.devices).toEqual([
      { endpoint: phone.endpoint, device: "Chrome on Android", kinds: ALL, createdAt: expect.any(String) },
    ]);
    const kinds = { outbid: false, closing: true, won: true };
    const changed = await a.c.put<Json>("/api/user/notifications/push", { endpoint: phone.endpoint, kinds });
    expect((changed.body.devices as Json[])[0]).toMatchObject({ kinds });
    // Another member's device is not theirs to change.
    const b = await member();
    expect((await b.c.put("/api/user/notifications/push", { endpoint: phone.endpoint, kinds: ALL })).status).toBe(404);
    expect(
      (
        await b.c.post("/api/user/notifications/push", {
          subscription: { endpoint: "http://push.example/x", keys: phone.keys },
          kinds: ALL,
        })
      ).status,
    ).toBe(400);
    const removed = await a.c.post<Json>("/api/user/notifications/push/remove", { endpoint: phone.endpoint });
    expect(removed.body.devices).toEqual([]);
    expect((await a.c.post("/api/user/notifications/push/remove", { endpoint: phone.endpoint })).status).toBe(404);
  });

  it("pushes the outbid notice to the member's device, encrypted for it, and drops a device the push service says is gone", async () => {
    const [a, b] = [await member(), await member()];
    const [phone, laptop] = [pushService.device("a-phone"), pushService.device("a-laptop")];
    await subscribe(a, phone);
    await subscribe(a, laptop);
    pushService.markGone(laptop);
    const lot = await createLot(t.runtime, { reserve: "10.00" });
    await bid(a, lot.id, 10);
    await bid(b, lot.id, 11);
    await eventually(async () => phone.received.length > 0, 10_000, "the outbid push");
    expect(phone.received[0]).toEqual({
      kind: "outbid",
      title: `Outbid on Lot ${lot.lotNumber}`,
      body: expect.stringContaining("$11.00"),
      url: `/lot/${lot.lotNumber}`,
      tag: `outbid-${lot.lotNumber}`,
    });
    // Signed with the server's VAPID key (RFC 8292: "vapid t=<jwt>, k=<public key>").
    expect(phone.authorizations[0]).toContain(`k=${vapid.publicKey}`);
    // The laptop answered 410 Gone: it is forgotten.
    await eventually(
      async () => {
        const devices = (await a.c.get<Json>("/api/user/notifications")).body.devices as Json[];
        return devices.length === 1 && devices[0]?.endpoint === phone.endpoint;
      },
      10_000,
      "the gone device dropped",
    );
  });

  it("respects each device's kinds and the e-mail's: an outbid not wanted is neither pushed nor mailed", async () => {
    const [a, b] = [await member(), await member()];
    const phone = pushService.device("quiet-phone");
    await subscribe(a, phone, { outbid: false, closing: true, won: true });
    await a.c.put("/api/user/notifications/email", { outbid: false, closing: false, won: true });
    const lot = await createLot(t.runtime, { reserve: "10.00" });
    await bid(a, lot.id, 10);
    await bid(b, lot.id, 11);
    // The outbid job has run when the rival's own (wanted) notices would have: wait a while.
    await sleep(2000);
    expect(phone.received).toEqual([]);
    expect(t.sink!.messages.filter((m) => m.to.includes(a.email) && m.subject.startsWith("Outbid"))).toEqual([]);
  });

  it("tells those who watch or bid on a lot that it closes within 15 minutes, once, by push and by e-mail if asked", async () => {
    const [watcher, bidderMember, stranger] = [await member(), await member(), await member()];
    const [watcherPhone, bidderPhone, strangerPhone] = [
      pushService.device("watcher"),
      pushService.device("bidder"),
      pushService.device("stranger"),
    ];
    await subscribe(watcher, watcherPhone);
    await subscribe(bidderMember, bidderPhone);
    await subscribe(stranger, strangerPhone);
    await watcher.c.put("/api/user/notifications/email", { outbid: true, closing: true, won: true });
    const closesAt = new Date(t.runtime.clock.now().getTime() + 10 * 60_000);
    const lot = await createLot(t.runtime, { reserve: "10.00", closesAt });
    await watcher.c.put(`/api/user/watchlist/${lot.id}`, {});
    await bid(bidderMember, lot.id, 10);
    // This sweep sends them, or the jobs' own sweep already did (this app runs jobs): either way once.
    await t.runtime.notices.sendClosingNotices();
    await eventually(
      async () => watcherPhone.received.length > 0 && bidderPhone.received.length > 0,
      10_000,
      "the closing pushes",
    );
    expect(watcherPhone.received[0]).toMatchObject({ kind: "closing", url: `/lot/${lot.lotNumber}` });
    // Once: the next sweep sends nothing more to them; the stranger never hears of it.
    await t.runtime.notices.sendClosingNotices();
    await sleep(300);
    expect(watcherPhone.received.filter((n) => n.tag === `closing-${lot.lotNumber}`)).toHaveLength(1);
    expect(strangerPhone.received.filter((n) => n.tag === `closing-${lot.lotNumber}`)).toEqual([]);
    // The watcher asked for the e-mail too; the bidder did not (off unless asked).
    const closingMails = (email: string) =>
      t.sink!.messages.filter(
        (m) => m.to.includes(email) && m.subject.startsWith(`Closing soon: Lot ${lot.lotNumber}`),
      );
    await eventually(async () => closingMails(watcher.email).length === 1, 10_000, "the closing e-mail");
    expect(closingMails(bidderMember.email)).toEqual([]);
  });

  it("pushes the won notice with the winner's e-mail, once", async () => {
    const winner = await member();
    const phone = pushService.device("winner");
    await subscribe(winner, phone);
    const lot = await createLot(t.runtime, { reserve: "10.00" });
    await bid(winner, lot.id, 12);
    await t.runtime.db.dataSource.query(`UPDATE auction_lots SET closes_at = $2 WHERE id = $1`, [
      lot.id,
      new Date(t.runtime.clock.now().getTime() - 1000),
    ]);
    // This close, or the close watch's (jobs run here: it wakes every second and may find the lot
    // due first); either way the lot is closed once, and its won notice pushed once.
    await t.runtime.closing.closeLot(lot.id);
    const [row] = await t.runtime.db.dataSource.query(`SELECT is_closed FROM auction_lots WHERE id = $1`, [lot.id]);
    expect(row).toEqual({ is_closed: true });
    await eventually(async () => phone.received.some((n) => n.kind === "won"), 15_000, "the won push");
    expect(phone.received.find((n) => n.kind === "won")).toMatchObject({
      title: `You won Lot ${lot.lotNumber}`,
      url: `/lot/${lot.lotNumber}`,
    });
    await t.runtime.claims.prepareClaim(lot.id);
    await sleep(300);
    expect(phone.received.filter((n) => n.kind === "won")).toHaveLength(1);
  });
});
