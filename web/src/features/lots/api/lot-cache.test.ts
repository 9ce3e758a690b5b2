import type { BidHistoryEntry, LotAnswer, LotBidEvent, LotBidRow, LotClosedEvent, LotUpdateEvent } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { lot } from "../testing/lot-fixture";
import {
  applyLotBid,
  applyLotClosed,
  applyLotResync,
  applyLotUpdate,
  applyLotVoid,
  applyUserLead,
  lotKeys,
  markOutbid,
  receiveLot,
  reconcileLots,
} from "./lot-cache";

function update(overrides: Partial<LotUpdateEvent> = {}): LotUpdateEvent {
  return {
    lotId: 7,
    lotNumber: 7,
    currentBid: "45.00",
    minimumBid: "46.00",
    bidCount: 3,
    closesAt: "2025-11-29T01:00:00.000Z",
    pausedAt: null,
    isClosed: false,
    version: 6,
    ...overrides,
  };
}

let client: QueryClient;
const held = (lotNumber = 7) => client.getQueryData<LotAnswer>(lotKeys.detail(lotNumber));

describe("lots in the query cache", () => {
  beforeEach(() => {
    client = createQueryClient();
  });

  it("a reconnect's answer adds the bids missed and marks the voids, or reads the history again when too much changed", () => {
    receiveLot(client, lot({ version: 2, currentBid: "40.00" }));
    const entry = (id: number, amount: string, bidder: string, isYou = false): BidHistoryEntry => ({
      id,
      amount,
      bidder,
      isYou,
      createdAt: "2025-11-28T15:00:00Z",
      voided: false,
      note: null,
      byHouse: false,
    });
    client.setQueryData(lotKeys.bids(7), [entry(2, "40.00", "Bidder 1", true), entry(1, "39.00", "Bidder 2")]);
    const row = (id: number, amount: string, bidder: string): LotBidRow => ({
      id,
      amount,
      bidder,
      createdAt: "2025-11-28T15:01:00Z",
      byHouse: false,
    });
    applyLotResync(client, update({ version: 5, currentBid: "43.00" }), {
      bids: [row(3, "41.00", "Bidder 2"), row(4, "42.00", "Bidder 1"), row(5, "43.00", "Bidder 2")],
      voided: [{ bidId: 1, note: "Withdrawn by the House" }],
    });
    expect(held()).toMatchObject({ version: 5, currentBid: "43.00" });
    const history = client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(7));
    expect(history?.map((b) => [b.id, b.isYou, b.voided])).toEqual([
      [5, false, false],
      [4, true, false],
      [3, false, false],
      [2, true, false],
      [1, false, true],
    ]);
    // A later lot:bid of a version already resynced is not applied twice.
    expect(applyLotBid(client, bidEvent(5, [row(5, "43.00", "Bidder 2")]))).toBe(false);

    // Too much missed: the state, and the history asked for again (only it).
    const observed = client.getQueryCache().find({ queryKey: lotKeys.bids(7) });
    applyLotResync(client, update({ version: 90, currentBid: "130.00" }), null);
    expect(held()).toMatchObject({ version: 90, currentBid: "130.00" });
    expect(observed?.state.isInvalidated).toBe(true);
    expect(client.getQueryCache().find({ queryKey: lotKeys.detail(7) })?.state.isInvalidated).toBe(false);
  });

  it("applies a live update with a higher version", () => {
    receiveLot(client, lot());
    expect(applyLotUpdate(client, update())).toBe(true);
    expect(held()).toMatchObject({ currentBid: "45.00", minimumBid: "46.00", bidCount: 3, version: 6 });
  });

  it("drops an update whose version is lower than or equal to the one held", () => {
    receiveLot(client, lot({ version: 6, currentBid: "45.00" }));
    expect(applyLotUpdate(client, update({ version: 6, currentBid: "99.00" }))).toBe(false);
    expect(applyLotUpdate(client, update({ version: 4, currentBid: "1.00" }))).toBe(false);
    expect(held()?.currentBid).toBe("45.00");
  });

  it("keeps a newer live state when an older HTTP answer arrives late", () => {
    receiveLot(client, lot({ version: 5 }));
    applyLotUpdate(client, update({ version: 8, currentBid: "60.00" }));
    receiveLot(client, lot({ version: 6, currentBid: "45.00" }));
    expect(held()).toMatchObject({ currentBid: "60.00", version: 8 });
  });

  it("accepts an HTTP answer at the same version, for the member's own fields", () => {
    receiveLot(client, lot({ version: 5, viewCount: 9 }));
    receiveLot(client, lot({ version: 5, viewCount: 10, isLeader: true }));
    expect(held()).toMatchObject({ viewCount: 10, isLeader: true });
  });

  it("never drops the winner's own fields: an answer older than the close still says 'you won' and the claim", () => {
    receiveLot(client, lot({ version: 5 }));
    applyLotClosed(client, closedEvent({ version: 9 }));
    receiveLot(
      client,
      lot({ version: 8, isWinner: true, winnerId: "me", claimStatus: "pending", shopifyCartUrl: "/dev-shop/cart/1" }),
    );
    expect(held()).toMatchObject({
      isWinner: true,
      shopifyCartUrl: "/dev-shop/cart/1",
      isClosed: true,
      winnerLabel: "Bidder 2",
      version: 9,
    });
    // A later answer at the same version (the claim paid) is taken too.
    receiveLot(client, lot({ ...held(), claimStatus: "claimed" }));
    expect(held()?.claimStatus).toBe("claimed");
  });

  it("holds an update that arrives before its lot, and applies it only if still newer", () => {
    applyLotUpdate(client, update({ version: 9, currentBid: "70.00" }));
    expect(held()).toBeUndefined();
    const [first] = reconcileLots(client, lotKeys.list(), [lot({ version: 6 })]);
    expect(first).toMatchObject({ currentBid: "70.00", version: 9 });

    client = createQueryClient();
    applyLotUpdate(client, update({ version: 6, currentBid: "45.00" }));
    receiveLot(client, lot({ version: 7, currentBid: "50.00" }));
    expect(held()).toMatchObject({ currentBid: "50.00", version: 7 });
  });

  it("writes a live update into every answer holding the lot: the list, the won lots and its page", () => {
    client.setQueryData(lotKeys.list(), [lot(), lot({ id: 8, lotNumber: 8 })]);
    client.setQueryData(lotKeys.won(), [lot()]);
    receiveLot(client, lot());
    applyLotUpdate(client, update({ currentBid: "52.00" }));
    expect(client.getQueryData<LotAnswer[]>(lotKeys.list())?.map((one) => one.currentBid)).toEqual(["52.00", "40.00"]);
    expect(client.getQueryData<LotAnswer[]>(lotKeys.won())?.[0]?.currentBid).toBe("52.00");
    expect(held()?.currentBid).toBe("52.00");
  });

  it("takes who leads from the server's user:lead, never from a rising bid count", () => {
    receiveLot(client, lot({ isLeader: true, bidCount: 2 }));
    applyLotUpdate(client, update({ bidCount: 3 }));
    // A new bid alone says nothing of the lead: the server tells each member.
    expect(held()?.isLeader).toBe(true);
    applyUserLead(client, { lotId: 7, lotNumber: 7, leading: false, currentBid: "45.00", version: 6 });
    expect(held()?.isLeader).toBe(false);
    // A voided bid above gives it back.
    applyUserLead(client, { lotId: 7, lotNumber: 7, leading: true, currentBid: "40.00", version: 7 });
    expect(held()?.isLeader).toBe(true);

    receiveLot(client, lot({ id: 8, lotNumber: 8, isLeader: true }));
    markOutbid(client, 8);
    expect(held(8)?.isLeader).toBe(false);
  });

  it("marks a voided bid in a loaded history with the House's line, and pauses a lot live", () => {
    client.setQueryData(lotKeys.bids(7), [
      {
        id: 12,
        amount: "45.00",
        bidder: "Bidder 1",
        isYou: false,
        createdAt: "2025-11-28T16:00:00Z",
        voided: false,
        note: null,
        byHouse: false,
      },
      {
        id: 11,
        amount: "40.00",
        bidder: "Bidder 2",
        isYou: true,
        createdAt: "2025-11-28T15:00:00Z",
        voided: false,
        note: null,
        byHouse: false,
      },
    ]);
    applyLotVoid(client, { lotId: 7, lotNumber: 7, bidId: 12, note: "Withdrawn by the House", version: 8 });
    const history = client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(7));
    expect(history?.map((b) => [b.id, b.voided, b.note])).toEqual([
      [12, true, "Withdrawn by the House"],
      [11, false, null],
    ]);

    receiveLot(client, lot());
    applyLotUpdate(client, update({ pausedAt: "2025-11-28T17:00:00Z", version: 9 }));
    expect(held()).toMatchObject({ status: "paused", pausedAt: "2025-11-28T17:00:00Z" });
    applyLotUpdate(client, update({ pausedAt: null, version: 10 }));
    expect(held()).toMatchObject({ status: "open", pausedAt: null });
  });

  it("closes a lot with its final bid and its winner's label, and ignores a stale close", () => {
    receiveLot(client, lot({ isLeader: true }));
    const closed = closedEvent({ version: 10 });
    expect(applyLotClosed(client, closed)).toBe(true);
    expect(held()).toMatchObject({
      isClosed: true,
      status: "closed",
      closedAt: closed.closedAt,
      isLeader: false,
      hasWinner: true,
      winnerLabel: "Bidder 2",
    });
    expect(applyLotClosed(client, { ...closed, version: 9, finalBid: "1.00" })).toBe(false);
    expect(held()?.currentBid).toBe("45.00");
  });

  it("closes a lot even when its last update came first at the same version", () => {
    receiveLot(client, lot());
    applyLotUpdate(client, update({ version: 10, isClosed: true }));
    expect(applyLotClosed(client, closedEvent({ version: 10 }))).toBe(true);
    expect(held()).toMatchObject({ status: "closed", winnerLabel: "Bidder 2", hasWinner: true });
  });

  it("adds live bids to a loaded history, newest first, marking the member's own label as 'You'", () => {
    const history: BidHistoryEntry[] = [
      {
        id: 11,
        amount: "40.00",
        bidder: "Bidder 2",
        isYou: true,
        createdAt: "2025-11-28T15:00:00Z",
        voided: false,
        note: null,
        byHouse: false,
      },
    ];
    client.setQueryData(lotKeys.bids(7), history);
    expect(applyLotBid(client, bidEvent(6, [row(12, "45.00", "Bidder 1")]))).toBe(true);
    expect(applyLotBid(client, bidEvent(7, [row(13, "46.00", "Bidder 2")]))).toBe(true);
    // Stale or repeated messages change nothing.
    expect(applyLotBid(client, bidEvent(7, [row(14, "1.00", "Bidder 3")]))).toBe(false);
    expect(applyLotBid(client, bidEvent(8, [row(13, "46.00", "Bidder 2")]))).toBe(false);

    expect(client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(7))?.map((b) => [b.id, b.bidder, b.isYou])).toEqual([
      [13, "Bidder 2", true],
      [12, "Bidder 1", false],
      [11, "Bidder 2", true],
    ]);
  });

  it("adds every bid of a version: the member's, then the House's on the leader's maximum, marked as such", () => {
    client.setQueryData(lotKeys.bids(7), [
      {
        id: 11,
        amount: "40.00",
        bidder: "Bidder 2",
        isYou: true,
        createdAt: "2025-11-28T15:00:00Z",
        voided: false,
        note: null,
        byHouse: false,
      },
    ] satisfies BidHistoryEntry[]);
    // Bidder 1 only reached the member's maximum: the House answered for the member at once.
    const rows = [row(12, "50.00", "Bidder 1"), row(13, "51.00", "Bidder 2", true)];
    expect(applyLotBid(client, bidEvent(6, rows))).toBe(true);
    // A row already held (the answer's refetch came first) is not added twice.
    expect(applyLotBid(client, bidEvent(7, [row(13, "51.00", "Bidder 2", true), row(14, "52.00", "Bidder 1")]))).toBe(
      true,
    );

    const history = client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(7));
    expect(history?.map((b) => [b.id, b.amount, b.bidder, b.isYou, b.byHouse])).toEqual([
      [14, "52.00", "Bidder 1", false, false],
      [13, "51.00", "Bidder 2", true, true],
      [12, "50.00", "Bidder 1", false, false],
      [11, "40.00", "Bidder 2", true, false],
    ]);
  });

  it("keeps the member's own maximum from user:lead while they lead, and drops it with the lead", () => {
    receiveLot(client, lot({ isLeader: true, myMaximum: { amount: "60.00", credits: "15.00" } }));
    const lead = { lotId: 7, lotNumber: 7, currentBid: "45.00", version: 6 };

    // The House answered for the member: the message says nothing of the maximum, which stands.
    applyUserLead(client, { ...lead, leading: true });
    expect(held()?.myMaximum).toEqual({ amount: "60.00", credits: "15.00" });

    // Raised (elsewhere too): the amount and the credits it pledges, sent to the member alone.
    applyUserLead(client, { ...lead, leading: true, maximum: { amount: "80.00", credits: "20.00" } });
    expect(held()).toMatchObject({
      isLeader: true,
      myMaximum: { amount: "80.00", credits: "20.00" },
      myCredits: "20.00",
    });

    // Outbid: no lead, no maximum, no pledge.
    applyUserLead(client, { ...lead, leading: false, version: 7 });
    expect(held()).toMatchObject({ isLeader: false, myMaximum: null, myCredits: null });

    // Back in the lead with a plain bid: still no maximum.
    applyUserLead(client, { ...lead, leading: true, maximum: null, version: 8 });
    expect(held()).toMatchObject({ isLeader: true, myMaximum: null });

    // Outbid by message, or the lot closed: the maximum goes too.
    markOutbid(client, 7);
    expect(held()).toMatchObject({ isLeader: false, myMaximum: null });
    receiveLot(client, lot({ version: 9, isLeader: true, myMaximum: { amount: "70.00", credits: "5.00" } }));
    applyLotClosed(client, closedEvent({ version: 10 }));
    expect(held()).toMatchObject({ isLeader: false, myMaximum: null });
  });

  it("takes the held lead's maximum over an older answer's", () => {
    receiveLot(client, lot({ version: 8, isLeader: true, myMaximum: { amount: "90.00", credits: "5.00" } }));
    receiveLot(client, lot({ version: 7, isLeader: true, myMaximum: { amount: "60.00", credits: "5.00" } }));
    expect(held()?.myMaximum?.amount).toBe("90.00");
    receiveLot(client, lot({ version: 8, isLeader: false, myMaximum: null }));
    receiveLot(client, lot({ version: 7, isLeader: true, myMaximum: { amount: "60.00", credits: "5.00" } }));
    expect(held()).toMatchObject({ isLeader: false, myMaximum: null });
  });
});

function row(id: number, amount: string, bidder: string, byHouse = false): LotBidRow {
  return { id, amount, bidder, createdAt: "2025-11-28T16:00:00Z", byHouse };
}

/** A `lot:bid` of `rows` (oldest first) at `version`; the top-level bid is the last row. */
function bidEvent(version: number, rows: LotBidRow[]): LotBidEvent {
  const top = rows[rows.length - 1] as LotBidRow;
  return {
    lotId: 7,
    lotNumber: 7,
    currentBid: top.amount,
    minimumBid: "99.00",
    bidCount: 3,
    closesAt: "2025-11-29T01:00:00.000Z",
    pausedAt: null,
    isClosed: false,
    version,
    bidId: top.id,
    amount: top.amount,
    bidder: top.bidder,
    createdAt: top.createdAt,
    bids: rows,
  };
}

function closedEvent(overrides: Partial<LotClosedEvent> = {}): LotClosedEvent {
  return {
    ...update({ isClosed: true, currentBid: "45.00" }),
    closedAt: "2025-11-29T01:00:00.000Z",
    winner: "Bidder 2",
    finalBid: "45.00",
    ...overrides,
  };
}

describe("a closed lot's later update", () => {
  it("asks for the lot again: the winner's claim (paid) is not in the public message", () => {
    const client = createQueryClient();
    receiveLot(client, lot({ version: 10, isClosed: true, status: "closed", isWinner: true }));
    const observed = client.getQueryCache().find({ queryKey: lotKeys.detail(7) });
    expect(observed?.state.isInvalidated).toBe(false);
    expect(applyLotUpdate(client, { ...update({ version: 11, isClosed: true }) })).toBe(true);
    expect(observed?.state.isInvalidated).toBe(true);
  });
});
