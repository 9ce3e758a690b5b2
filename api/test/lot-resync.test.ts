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
import { type MemberSocket, openSocket, rejoinLot, watchLot } from "./support/sockets";

/**
 * A phone that drops and comes back (issue 29): the socket that returns says the last version it
 * holds and is answered, in one message, with the bids it missed in order (and the voids), or the
 * state alone when too much was missed, whichever node it comes back to.
 */
describe("resync of a lot's watcher after a dropped connection, on two nodes", () => {
  let services: SharedServices;
  let nodeA: ApiNode;
  let nodeB: ApiNode;
  let members: Member[];
  const sockets: MemberSocket[] = [];

  beforeAll(async () => {
    services = await startSharedServices("resync");
    nodeA = await startApiNode(services);
    nodeB = await startApiNode(services);
    members = await signInMembers(nodeA, 3, "resync");
    for (const member of members) await grant(nodeA.runtime, member.id, 1000_00);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeA?.close();
    await nodeB?.close();
    await services?.close();
  });

  const socketOn = async (node: ApiNode, member: Member) => {
    const socket = await openSocket(node.baseUrl, member.client.cookie);
    sockets.push(socket);
    return socket;
  };

  /** `count` plain bids through node B, two members taking turns, from `from` dollars. */
  async function bidsThroughB(lotId: number, count: number, from: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const member = members[i % 2]!;
      const answer = await fetch(`${nodeB.baseUrl}/api/auction-lots/${lotId}/bid`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: member.client.cookie },
        body: JSON.stringify({ amount: String(from + i) }),
      });
      expect(answer.status).toBe(200);
      ids.push(((await answer.json()) as { bid: { id: number } }).bid.id);
    }
    return ids;
  }

  it("a socket away during 20 bids comes back with exactly those bids, in order, from the other node", async () => {
    const lot = await createLot(nodeA.runtime, { reserve: "10.00" });
    const first = await socketOn(nodeA, members[2]!);
    const held = await watchLot(first, lot.lotNumber);
    expect(held.version).toBe(0);
    await bidsThroughB(lot.id, 2, 10);
    // The connection drops with version 2 held; 20 bids go by.
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.close();
    const missedIds = await bidsThroughB(lot.id, 20, 12);
    const back = await socketOn(nodeB, members[2]!);
    const answer = await rejoinLot(back, lot.lotNumber, 2);
    expect(answer.snapshot).toMatchObject({ lotId: lot.id, version: 22, currentBid: "31.00", bidCount: 22 });
    expect(answer.missed?.voided).toEqual([]);
    expect(answer.missed?.bids.map((b) => b.id)).toEqual(missedIds);
    expect(answer.missed?.bids.map((b) => b.amount)).toEqual(Array.from({ length: 20 }, (_, i) => `${12 + i}.00`));
    expect(new Set(answer.missed?.bids.map((b) => b.bidder))).toEqual(new Set(["Bidder 1", "Bidder 2"]));
    // Up to date already: nothing missed.
    expect((await rejoinLot(back, lot.lotNumber, 22)).missed).toEqual({ bids: [], voided: [] });
  });

  it("one that missed more than the limit gets the state alone; a void while away is sent as one", async () => {
    const lot = await createLot(nodeA.runtime, { reserve: "10.00" });
    await bidsThroughB(lot.id, 60, 10);
    const back = await socketOn(nodeA, members[2]!);
    const answer = await rejoinLot(back, lot.lotNumber, 1);
    expect(answer.snapshot).toMatchObject({ version: 60, currentBid: "69.00" });
    expect(answer.missed).toBeNull();

    // A void while away: its bid is sent as voided, and the lead it gave back is in the state.
    const other = await createLot(nodeA.runtime, { reserve: "10.00" });
    const [, top] = await bidsThroughB(other.id, 2, 10);
    const held = (await rejoinLot(back, other.lotNumber, 0)).snapshot.version;
    const house = { id: members[0]!.id, email: "admin@test.example", address: "127.0.0.1" };
    await nodeA.runtime.bidVoids.voidBid(house, top!, "Shill", false);
    const afterVoid = await rejoinLot(back, other.lotNumber, held);
    expect(afterVoid.snapshot).toMatchObject({ currentBid: "10.00" });
    expect(afterVoid.missed?.voided).toEqual([{ bidId: top, note: expect.any(String) }]);
  });
});
