import { createRuntime, loadConfig, type Runtime, silentLogger } from "@bm/core";
import { codeFrom } from "@bm/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { type ChildNode, startChildNode } from "./support/api-process";
import { type Member, type SharedServices, signInAt, startSharedServices } from "./support/cluster";
import { type MemberSocket, openSocket, recordEvents, waitForEvent, watchLot } from "./support/sockets";

type Json = Record<string, unknown>;

/**
 * Two API processes exactly as deployed (`api/src/server.ts` each, distributed runtime) on one
 * Postgres and one Redis: what one process accepts, the sockets of the other hear.
 */
describe("two API processes on one Redis", () => {
  // Below the ephemeral range (32768 and up), where an outgoing connection cannot hold it.
  const METRICS_PORT_A = 24_000 + Math.floor(Math.random() * 4000);
  let services: SharedServices;
  let a: ChildNode;
  let b: ChildNode;
  /** Fixtures only (lots, grants): this process serves nothing. */
  let fixtures: Runtime;
  let members: Member[];
  const sockets: MemberSocket[] = [];

  beforeAll(async () => {
    services = await startSharedServices("multiproc");
    [a, b] = await Promise.all([
      startChildNode({ ...services.env(), METRICS_PORT: String(METRICS_PORT_A) }),
      startChildNode(services.env()),
    ]);
    fixtures = await createRuntime(loadConfig(services.env()), { log: silentLogger });
    // Signed in through A: sessions live in Postgres, so the same cookies are members on B.
    members = await signInAt(a.baseUrl, async (email) => codeFrom(await services.sink.waitFor(email)), 2, "multiproc");
    for (const member of members) await grant(fixtures, member.id, 50_00);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await fixtures?.close();
    await services?.close();
  });

  it("a bid through process A reaches watchers on process B, and the outbid member's own socket there", async () => {
    const [first, second] = members as [Member, Member];
    const lot = await createLot(fixtures, { reserve: "5.00" });
    const watcherOnB = await openSocket(b.baseUrl, second.client.cookie);
    const outbidOnB = await openSocket(b.baseUrl, first.client.cookie);
    sockets.push(watcherOnB, outbidOnB);
    const watched = recordEvents(watcherOnB);
    const personal = recordEvents(outbidOnB);
    const snapshot = await watchLot(watcherOnB, lot.lotNumber);
    expect(snapshot).toMatchObject({ lotId: lot.id, currentBid: "0.00", bidCount: 0 });

    const bid = await first.client.post<Json>(`/api/auction-lots/${lot.id}/bid`, {
      amount: "7.00",
      creditsUsed: "2.00",
    });
    expect(bid.status).toBe(200);
    const announced = await waitForEvent(watched, (r) => r.event === "lot:bid" && r.payload.lotId === lot.id);
    expect(announced.payload).toMatchObject({
      currentBid: "7.00",
      bidCount: 1,
      amount: "7.00",
      bidder: "Bidder 1",
      version: 1,
    });

    // The second member outbids through A; the first hears it on B, in their own room.
    const over = await second.client.post<Json>(`/api/auction-lots/${lot.id}/bid`, { amount: "9.00" });
    expect(over.status).toBe(200);
    const outbid = await waitForEvent(personal, (r) => r.event === "user:outbid" && r.payload.lotId === lot.id);
    expect(outbid.payload).toMatchObject({ kind: "lot", lotNumber: lot.lotNumber, amount: "9.00" });
    const credits = await waitForEvent(
      personal,
      (r) => r.event === "user:credits" && r.at >= outbid.at && r.payload.committedCredits === 0,
    );
    expect(credits.payload).toMatchObject({ mpcBalance: "50.00", available: 50 });
    await waitForEvent(watched, (r) => r.event === "lot:bid" && r.payload.version === 2);

    // Nothing personal travels in the lot's room.
    for (const r of watched.filter((e) => e.event.startsWith("lot:"))) {
      const text = JSON.stringify(r.payload);
      for (const m of members) {
        expect(text).not.toContain(m.email);
        expect(text).not.toContain(m.id);
      }
    }
  });

  it("serves a node's metrics on its METRICS_PORT, never on the public port", async () => {
    const metrics = await fetch(`http://127.0.0.1:${METRICS_PORT_A}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/verify-code"/,
    );
    for (const node of [a, b]) expect((await fetch(`${node.baseUrl}/metrics`)).status).toBe(404);
  });
});
