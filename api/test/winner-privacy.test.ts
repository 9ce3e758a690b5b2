import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createLot } from "./fixtures";
import { type Client, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";

type Json = Record<string, unknown>;

interface Member {
  c: Client;
  id: string;
}

/** Who won is everyone's business, but not whose id: the winner's member id goes to them and admins only. */
describe("winners in lot and auction answers", () => {
  let t: TestApp;
  let admin: Member;
  let onlooker: Member;
  beforeAll(async () => {
    t = await startTestApp("distributed", { SOFT_CLOSE_SECONDS: "0" });
    admin = await member("admin@test.example");
    onlooker = await member(uniqueEmail("onlooker"));
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = (email = uniqueEmail("bidder"), credits = 0): Promise<Member> => signedIn(t, { email, credits });

  it("a closed lot shows everyone that it was won and by which anonymous bidder, its winner's id only to them and admins", async () => {
    const [first, winner] = [await member(), await member()];
    const lot = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + 60_000) });
    const open = (await onlooker.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
    expect(open).toMatchObject({ winnerId: null, hasWinner: false, winnerLabel: null });

    await first.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 10 });
    await winner.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 12 });
    t.clock.advance(61_000);
    expect(await t.runtime.closing.closeLot(lot.id)).toBe(true);

    // The label the bid history shows for the winning bid.
    const history = (await onlooker.c.get<{ amount: string; bidder: string }[]>(`/api/auction-lots/${lot.id}/bids`))
      .body;
    const label = history.find((h) => h.amount === "12.00")!.bidder;
    expect(label).toBe("Bidder 2");

    const seenBy = async (who: Member) => {
      const one = (await who.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
      const listed = (await who.c.get<Json[]>("/api/auction-lots")).body.find((l) => l.id === lot.id)!;
      return [one, listed];
    };
    for (const who of [onlooker, first]) {
      for (const answer of await seenBy(who)) {
        expect(answer).toMatchObject({ winnerId: null, hasWinner: true, winnerLabel: label, isWinner: false });
      }
    }
    for (const answer of await seenBy(winner)) {
      expect(answer).toMatchObject({ winnerId: winner.id, hasWinner: true, winnerLabel: label, isWinner: true });
    }
    for (const answer of await seenBy(admin)) {
      expect(answer).toMatchObject({ winnerId: winner.id, hasWinner: true, winnerLabel: label });
    }
    const wonList = (await winner.c.get<Json[]>("/api/auction-lots/won")).body;
    expect(wonList.find((l) => l.id === lot.id)).toMatchObject({ winnerId: winner.id, winnerLabel: label });
  });

  it("a closed lot nobody bid on has no winner", async () => {
    const lot = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + 60_000) });
    t.clock.advance(61_000);
    await t.runtime.closing.closeLot(lot.id);
    const seen = (await admin.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
    expect(seen).toMatchObject({ isClosed: true, winnerId: null, hasWinner: false, winnerLabel: null });
  });

  it("an ended auction shows the same: its winner's id to them and admins, its label to all", async () => {
    const [first, winner] = [await member(undefined, 50), await member(undefined, 50)];
    const id = await createAuction(t.runtime, { endTime: new Date(t.clock.now().getTime() + 60_000) });
    expect((await onlooker.c.get<Json>(`/api/auctions/${id}`)).body).toMatchObject({
      winnerId: null,
      hasWinner: false,
      winnerLabel: null,
    });
    await first.c.post(`/api/auctions/${id}/bid`, { amount: "11.00" });
    await winner.c.post(`/api/auctions/${id}/bid`, { amount: "12.00" });
    t.clock.advance(61_000);
    expect(await t.runtime.auctions.closeDue()).toBeGreaterThanOrEqual(1);

    const seenBy = async (who: Member) => {
      const one = (await who.c.get<Json>(`/api/auctions/${id}`)).body;
      const listed = (await who.c.get<Json[]>("/api/auctions/all")).body.find((a) => a.id === id)!;
      return [one, listed];
    };
    for (const who of [onlooker, first]) {
      for (const answer of await seenBy(who)) {
        expect(answer).toMatchObject({ winnerId: null, hasWinner: true, winnerLabel: "Bidder 2", isWinner: false });
      }
    }
    for (const who of [winner, admin]) {
      for (const answer of await seenBy(who)) {
        expect(answer).toMatchObject({ winnerId: winner.id, hasWinner: true, winnerLabel: "Bidder 2" });
      }
    }
  });
});
