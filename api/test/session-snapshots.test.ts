import { RedisEmitterRealtime, SNAPSHOT_MS } from "@bm/core";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketKey } from "../src/realtime/gateway";
import { createLot, grant } from "./fixtures";
import { Client, uniqueEmail } from "./helpers";
import { type ApiNode, type SharedServices, sleep, startApiNode, startSharedServices } from "./support/cluster";
import { openSocket } from "./support/sockets";

type Json = Record<string, unknown>;

/**
 * A bid may be served on a snapshot of its session and member read at most SNAPSHOT_MS before on
 * the same node, instead of reading them again (the database checks the member once more under
 * their row lock). Checked where it can fail, on two API nodes sharing one database and Redis:
 * only the bid routes take a snapshot; a snapshot never refuses (a member who passed the gate on
 * the other node a moment ago bids); a session signed out, or a member suspended, on one node is
 * refused at once on the other, whose snapshot was fresh.
 */
describe("session snapshots on the bid routes (two API nodes, distributed)", () => {
  let services: SharedServices;
  let nodeA: ApiNode;
  let nodeB: ApiNode;
  let lotId: number;
  let bid = 10;

  beforeAll(async () => {
    services = await startSharedServices("snapshots");
    nodeA = await startApiNode(services, { ADMIN_EMAILS: "admin@test.example" });
    nodeB = await startApiNode(services, { ADMIN_EMAILS: "admin@test.example" });
    lotId = (await createLot(nodeA.runtime, { reserve: "5.00" })).id;
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await services?.close();
  });

  /** A member signed in on node A whose cookie is also sent to node B (one browser, two nodes). */
  const member = async (gate = true) => {
    const onA = new Client(nodeA.baseUrl);
    const answer = await onA.signIn(nodeA, uniqueEmail("snap"), undefined, { gate });
    const id = (answer.body.user as { id: string }).id;
    await grant(nodeA.runtime, id, 1_000_00);
    const onB = new Client(nodeB.baseUrl, onA.ip);
    onB.cookie = onA.cookie;
    return { id, onA, onB };
  };
  const placeBid = (client: Client) => {
    bid += 2;
    return client.post<Json>(`/api/auction-lots/${lotId}/bid`, { amount: bid.toFixed(2) });
  };
  const dropRowsOf = (id: string) =>
    nodeA.runtime.db.dataSource.query(`DELETE FROM sessions WHERE (sess::jsonb ->> 'userId') = $1`, [id]);

  it("serves the bid routes, and only them, on a fresh snapshot; past SNAPSHOT_MS the session is read again", async () => {
    const { id, onB } = await member();
    expect((await onB.get("/api/auth/user")).status).toBe(200); // read: node B's snapshot
    // The row goes behind the store's back (no node is told): only a snapshot can still answer.
    await dropRowsOf(id);
    expect((await placeBid(onB)).status).toBe(200);
    expect((await onB.get("/api/auth/user")).status).toBe(401); // not a snapshot route: read, gone
    await sleep(SNAPSHOT_MS + 100);
    expect((await placeBid(onB)).status).toBe(401);
  });

  it("never refuses on a snapshot: a member who passed the gate on node A a moment ago bids on node B", async () => {
    const { onA, onB } = await member(false);
    const sealed = await placeBid(onB); // read by node B: the gate still closed
    expect(sealed.status).toBe(403);
    await onA.passGate();
    expect((await placeBid(onB)).status).toBe(200);
  });

  it("refuses at once on node B a session signed out on node A, though B's snapshot of it was fresh", async () => {
    const { onA, onB } = await member();
    expect((await placeBid(onB)).status).toBe(200);
    expect((await placeBid(onB)).status).toBe(409); // leads already: served on the snapshot
    expect((await onA.post("/api/auth/logout", {})).status).toBeLessThan(300);
    const after = await placeBid(onB);
    expect(after.status).toBe(401);
  });

  it("drops node B's snapshots of a member the workers ended (their Redis emitter, as an erasure does)", async () => {
    const { id, onB } = await member();
    expect((await placeBid(onB)).status).toBe(200); // read: node B's snapshot
    const socket = await openSocket(nodeB.baseUrl, onB.cookie);
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));
    await dropRowsOf(id);
    const redis = new Redis(services.redisUrl);
    try {
      new RedisEmitterRealtime(redis, socketKey(services.redisPrefix)).disconnectUser(id);
      // The socket's close follows the word on the same channel: node B has dropped its snapshot.
      await closed;
      expect((await placeBid(onB)).status).toBe(401);
    } finally {
      redis.disconnect();
    }
  });

  it("refuses at once on node B a member suspended through node A", async () => {
    const admin = new Client(nodeA.baseUrl);
    await admin.signIn(nodeA, "admin@test.example", undefined, { gate: false });
    const { id, onB } = await member();
    expect((await placeBid(onB)).status).toBe(200);
    const suspended = await admin.post(`/api/admin/members/${id}/suspension`, {
      reason: "Testing snapshots",
      voidLeadingBids: false,
    });
    expect(suspended.status).toBe(200);
    const after = await placeBid(onB);
    expect(after.status).toBe(401);
  });
});
