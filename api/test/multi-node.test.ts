import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import {
  type ApiNode,
  type Member,
  type SharedServices,
  signInMembers,
  startApiNode,
  startSharedServices,
} from "./support/cluster";
import {
  type MemberSocket,
  openSocket,
  type Received,
  recordEvents,
  waitForEvent,
  watchAllLots,
  watchLot,
} from "./support/sockets";

type Json = Record<string, unknown>;

describe("two API nodes on one Redis and one database", () => {
  let services: SharedServices;
  let nodeA: ApiNode;
  let nodeB: ApiNode;
  let members: Member[];
  const sockets: MemberSocket[] = [];

  beforeAll(async () => {
    services = await startSharedServices("multinode");
    // One after the other: starting at once on a fresh database is its own test below.
    nodeA = await startApiNode(services);
    nodeB = await startApiNode(services);
    members = await signInMembers(nodeA, 4, "multinode");
    for (const member of members) await grant(nodeA.runtime, member.id, 200_00);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeA?.close();
    await nodeB?.close();
    await services?.close();
  });

  async function socketOn(node: ApiNode, member: Member): Promise<{ socket: MemberSocket; log: Received[] }> {
    const socket = await openSocket(node.baseUrl, member.client.cookie);
    sockets.push(socket);
    return { socket, log: recordEvents(socket) };
  }

  /** A member's bid through a given node, with the session the member signed in with. */
  async function bidVia(
    node: ApiNode,
    member: Member,
    lotId: number,
    body: Json,
  ): Promise<{ status: number; body: Json }> {
    const answer = await fetch(`${node.baseUrl}/api/auction-lots/${lotId}/bid`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: member.client.cookie },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Json };
  }

  /** What a room broadcast must never carry: any member's e-mail or id. */
  function personalDataIn(payload: unknown): string[] {
    const text = JSON.stringify(payload).toLowerCase();
    return members.flatMap((m) => [m.email, m.id]).filter((secret) => text.includes(secret.toLowerCase()));
  }

  it("a bid through node A reaches watchers on node B, and the outbid member's socket on node B", async () => {
    const [first, second, watcher] = members as [Member, Member, Member];
    const lot = await createLot(nodeA.runtime, { reserve: "10.00" });
    const watching = await socketOn(nodeB, watcher);
    const snapshot = await watchLot(watching.socket, lot.lotNumber);
    expect(snapshot).toMatchObject({ lotId: lot.id, lotNumber: lot.lotNumber, bidCount: 0, version: 0 });
    const outbidden = await socketOn(nodeB, first);

    // The first bid goes through node B, the one that takes the lead through node A.
    const opening = await bidVia(nodeB, first, lot.id, { amount: 12, creditsUsed: 5 });
    expect(opening.status).toBe(200);
    const taking = await bidVia(nodeA, second, lot.id, { amount: "15.50", creditsUsed: "7.25" });
    expect(taking.status).toBe(200);
    const placed = taking.body as { bid: { id: number; createdAt: string }; lot: { version: number } };
    expect(placed.lot.version).toBe(2);

    const bid = await waitForEvent(watching.log, (r) => r.event === "lot:bid" && r.payload.version === 2);
    // One event to the lot's room: the bid with the lot's public state after it.
    expect(bid.payload).toEqual({
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      currentBid: "15.50",
      minimumBid: "16.50",
      bidCount: 2,
      closesAt: expect.any(String),
      pausedAt: null,
      isClosed: false,
      bidId: placed.bid.id,
      amount: "15.50",
      bidder: "Bidder 2",
      createdAt: placed.bid.createdAt,
      version: 2,
      bids: [
        { id: placed.bid.id, amount: "15.50", bidder: "Bidder 2", createdAt: placed.bid.createdAt, byHouse: false },
      ],
    });
    const outbid = await waitForEvent(outbidden.log, (r) => r.event === "user:outbid");
    expect(outbid.payload).toEqual({
      kind: "lot",
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      auctionId: null,
      title: expect.any(String),
      amount: "15.50",
    });
    // The outbid member's commitment is released, and their socket hears it.
    const credits = await waitForEvent(
      outbidden.log,
      (r) => r.event === "user:credits" && r.payload.committedCredits === 0,
    );
    expect(credits.payload).toEqual({ mpcBalance: "200.00", committedCredits: 0, available: 200 });
    // The watcher, who never bid, hears the lot but nothing personal.
    expect(watching.log.filter((r) => r.event.startsWith("user:"))).toEqual([]);
    expect(watching.log.flatMap((r) => personalDataIn(r.payload))).toEqual([]);
  });

  it("watchers on both nodes see every version of a lot once, whichever node took each bid", async () => {
    const lot = await createLot(nodeA.runtime, { reserve: "5.00" });
    const onA = await socketOn(nodeA, members[3]!);
    const onB = await socketOn(nodeB, members[2]!);
    await Promise.all([watchLot(onA.socket, lot.lotNumber), watchLot(onB.socket, lot.lotNumber)]);
    // The public "lots" room hears every lot's updates too.
    const hall = await socketOn(nodeB, members[3]!);
    await watchAllLots(hall.socket);

    const bidders = members.slice(0, 3);
    const nodes = [nodeA, nodeB];
    let amount = 5;
    for (let i = 0; i < 12; i++) {
      const bidder = bidders[i % 3]!;
      const node = nodes[i % 2]!;
      amount += 1 + (i % 4);
      const answer = await bidVia(node, bidder, lot.id, { amount, creditsUsed: i % 5 });
      expect(answer.status).toBe(200);
    }
    for (const { log } of [onA, onB]) {
      await waitForEvent(log, (r) => r.event === "lot:bid" && r.payload.version === 12);
      const versions = (event: string) =>
        log
          .filter((r) => r.event === event && r.payload.lotId === lot.id)
          .map((r) => r.payload.version as number)
          .sort((a, b) => a - b);
      const all = Array.from({ length: 12 }, (_, i) => i + 1);
      expect(versions("lot:bid")).toEqual(all);
      // The lot's room hears each bid once, carrying the lot's state (the hall's room has lot:update).
      expect(versions("lot:update")).toEqual([]);
      const last = log.filter((r) => r.event === "lot:bid").at(-1)!;
      expect(last.payload).toMatchObject({ currentBid: `${amount}.00`, bidCount: 12 });
    }
    await waitForEvent(hall.log, (r) => r.event === "lot:update" && r.payload.version === 12);
    expect(hall.log.filter((r) => r.event === "lot:update" && r.payload.lotId === lot.id)).toHaveLength(12);
    // Bidder labels are anonymous and stable per member across nodes.
    const labels = new Map<number, string>();
    for (const r of onB.log.filter((e) => e.event === "lot:bid"))
      labels.set(r.payload.version as number, String(r.payload.bidder));
    expect([1, 2, 3, 4, 5, 6].map((v) => labels.get(v))).toEqual([
      "Bidder 1",
      "Bidder 2",
      "Bidder 3",
      "Bidder 1",
      "Bidder 2",
      "Bidder 3",
    ]);
    for (const { log } of [onA, onB, hall]) {
      const roomEvents = log.filter((r) => r.event.startsWith("lot"));
      expect(roomEvents.flatMap((r) => personalDataIn(r.payload))).toEqual([]);
    }
  });

  it("three nodes starting at the same moment on a fresh database all come up (as docker compose starts them)", async () => {
    const fresh = await startSharedServices("coldstart");
    const started = await Promise.allSettled([startApiNode(fresh), startApiNode(fresh), startApiNode(fresh)]);
    try {
      const failures = started.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
      expect(failures).toEqual([]);
    } finally {
      for (const s of started) if (s.status === "fulfilled") await s.value.close();
      await fresh.close();
    }
  });
});
