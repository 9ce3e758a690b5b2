import type { LotBidEvent, UserCreditsEvent, UserOutbidEvent } from "@bm/shared";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

/**
 * A member's socket, resolved once the server has told it the member's credits as it connects, so
 * that what the test waits for next is what came after (under load that first word can arrive
 * after the test has started listening for the bid's).
 */
function open(t: TestApp, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.baseUrl, {
      transports: ["websocket"],
      extraHeaders: { origin: t.baseUrl, cookie },
      reconnection: false,
    });
    socket.once("user:credits", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

function next<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe("a watched lot, live", () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp("distributed", {}, { jobs: true });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it("answers a watch with a snapshot, then streams bids, outbids and credits, and mails the outbid member once away", async () => {
    const lot = await createLot(t.runtime);
    const first = new Client(t.baseUrl);
    const firstEmail = uniqueEmail("first");
    await first.signIn(t, firstEmail);
    const firstId = (await first.get<{ id: string }>("/api/auth/user")).body.id;
    await grant(t.runtime, firstId, 5000);
    const second = new Client(t.baseUrl);
    await second.signIn(t, uniqueEmail("second"));

    const watcher = await open(t, first.cookie);
    sockets.push(watcher);
    const ack = await watcher.emitWithAck("lot:watch", { lotNumber: lot.lotNumber });
    expect(ack).toMatchObject({ ok: true, snapshot: { lotId: lot.id, currentBid: "0.00", bidCount: 0, version: 0 } });
    expect(await watcher.emitWithAck("lot:watch", { lotNumber: 424242 })).toMatchObject({ ok: false });
    expect(await watcher.emitWithAck("lot:watch", { lotNumber: "x" })).toMatchObject({ ok: false });

    const credits = next<UserCreditsEvent>(watcher, "user:credits");
    const bidEvent = next<LotBidEvent>(watcher, "lot:bid");
    await first.post(`/api/auction-lots/${lot.id}/bid`, { amount: 10, creditsUsed: 4 });
    // One event to the lot's room: the bid and the lot's public state after it.
    expect(await bidEvent).toMatchObject({
      lotId: lot.id,
      currentBid: "10.00",
      minimumBid: "11.00",
      bidCount: 1,
      amount: "10.00",
      bidder: "Bidder 1",
      version: 1,
    });
    expect(await credits).toEqual({ mpcBalance: "50.00", committedCredits: 4, available: 46 });

    const outbid = next<UserOutbidEvent>(watcher, "user:outbid");
    const released = next<UserCreditsEvent>(watcher, "user:credits");
    const secondBid = next<LotBidEvent>(watcher, "lot:bid");
    await second.post(`/api/auction-lots/${lot.id}/bid`, { amount: 12 });
    expect(await outbid).toMatchObject({ kind: "lot", lotId: lot.id, lotNumber: lot.lotNumber, amount: "12.00" });
    expect(await released).toEqual({ mpcBalance: "50.00", committedCredits: 0, available: 50 });
    const payload = await secondBid;
    expect(payload).toMatchObject({ bidder: "Bidder 2", version: 2 });
    expect(JSON.stringify(payload)).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}-/);

    // Watching the lot, they saw it live: no e-mail. Once they stop watching (still outbid), one goes.
    expect(await t.runtime.outbidMails.send(lot.id, firstId)).toBe("watching");
    watcher.emit("lot:unwatch", { lotNumber: lot.lotNumber });
    for (let i = 0; i < 100 && (await t.runtime.presence.watching(firstId, lot.id)); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await t.runtime.outbidMails.send(lot.id, firstId)).toBe("sent");
    const mail = await t.waitForMail(firstEmail);
    expect(mail.subject).toBe(`Outbid on Lot ${lot.lotNumber}: Test lot ${lot.lotNumber}`);
    expect(mail.text).toContain("$12.00");
  });
});
