import type { LotUpdateEvent } from "@bm/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { lot } from "../testing/lot-fixture";
import {
  applyLotBid,
  applyLotClosed,
  applyLotUpdate,
  markOutbid,
  receiveBids,
  receiveLot,
  receiveLots,
  resetLots,
  useLotsStore,
} from "./lots-store";

function update(overrides: Partial<LotUpdateEvent> = {}): LotUpdateEvent {
  return {
    lotId: 7,
    lotNumber: 7,
    currentBid: "45.00",
    minimumBid: "46.00",
    bidCount: 3,
    closesAt: "2025-11-29T01:00:00.000Z",
    isClosed: false,
    version: 6,
    ...overrides,
  };
}

const held = () => useLotsStore.getState().byId[7];

describe("lots store", () => {
  beforeEach(() => resetLots());

  it("applies a live update with a higher version", () => {
    receiveLot(lot());
    expect(applyLotUpdate(update())).toBe(true);
    expect(held()).toMatchObject({ currentBid: "45.00", minimumBid: "46.00", bidCount: 3, version: 6 });
  });

  it("drops an update whose version is lower than or equal to the one held", () => {
    receiveLot(lot({ version: 6, currentBid: "45.00" }));
    expect(applyLotUpdate(update({ version: 6, currentBid: "99.00" }))).toBe(false);
    expect(applyLotUpdate(update({ version: 4, currentBid: "1.00" }))).toBe(false);
    expect(held()?.currentBid).toBe("45.00");
  });

  it("keeps a newer live state when an older HTTP answer arrives late", () => {
    receiveLot(lot({ version: 5 }));
    applyLotUpdate(update({ version: 8, currentBid: "60.00" }));
    receiveLot(lot({ version: 6, currentBid: "45.00" }));
    expect(held()).toMatchObject({ currentBid: "60.00", version: 8 });
  });

  it("accepts an HTTP answer at the same version, for the member's own fields", () => {
    receiveLot(lot({ version: 5, viewCount: 9 }));
    receiveLot(lot({ version: 5, viewCount: 10, isLeader: true }));
    expect(held()).toMatchObject({ viewCount: 10, isLeader: true });
  });

  it("holds an update that arrives before its lot, and applies it only if still newer", () => {
    applyLotUpdate(update({ version: 9, currentBid: "70.00" }));
    expect(held()).toBeUndefined();
    receiveLots([lot({ version: 6 })]);
    expect(held()).toMatchObject({ currentBid: "70.00", version: 9 });
    expect(useLotsStore.getState().pending).toEqual({});

    resetLots();
    applyLotUpdate(update({ version: 6, currentBid: "45.00" }));
    receiveLot(lot({ version: 7, currentBid: "50.00" }));
    expect(held()).toMatchObject({ currentBid: "50.00", version: 7 });
  });

  it("ends the member's lead when a new bid lands on a lot they led", () => {
    receiveLot(lot({ isLeader: true, bidCount: 2 }));
    applyLotUpdate(update({ bidCount: 3 }));
    expect(held()?.isLeader).toBe(false);

    receiveLot(lot({ id: 8, lotNumber: 8, isLeader: true }));
    markOutbid(8);
    expect(useLotsStore.getState().byId[8]?.isLeader).toBe(false);
  });

  it("closes a lot with its final bid and its winner's label, and ignores a stale close", () => {
    receiveLot(lot({ isLeader: true }));
    const closed = {
      ...update({ version: 10, isClosed: true, currentBid: "45.00" }),
      closedAt: "2025-11-29T01:00:00.000Z",
      winner: "Bidder 2",
      finalBid: "45.00",
    };
    expect(applyLotClosed(closed)).toBe(true);
    expect(held()).toMatchObject({
      isClosed: true,
      status: "closed",
      closedAt: closed.closedAt,
      isLeader: false,
      hasWinner: true,
      winnerLabel: "Bidder 2",
    });
    expect(applyLotClosed({ ...closed, version: 10, finalBid: "1.00" })).toBe(false);
    expect(held()?.currentBid).toBe("45.00");
  });

  it("adds live bids to a loaded history, newest first, marking the member's own label as 'You'", () => {
    receiveBids(7, [{ id: 11, amount: "40.00", bidder: "Bidder 2", isYou: true, createdAt: "2025-11-28T15:00:00Z" }]);
    const base = { lotId: 7, lotNumber: 7, createdAt: "2025-11-28T16:00:00Z" };
    expect(applyLotBid({ ...base, bidId: 12, amount: "45.00", bidder: "Bidder 1", version: 6 })).toBe(true);
    expect(applyLotBid({ ...base, bidId: 13, amount: "46.00", bidder: "Bidder 2", version: 7 })).toBe(true);
    // Stale or repeated messages change nothing.
    expect(applyLotBid({ ...base, bidId: 14, amount: "1.00", bidder: "Bidder 3", version: 7 })).toBe(false);
    expect(applyLotBid({ ...base, bidId: 13, amount: "46.00", bidder: "Bidder 2", version: 8 })).toBe(false);

    expect(useLotsStore.getState().bids[7]?.map((b) => [b.id, b.bidder, b.isYou])).toEqual([
      [13, "Bidder 2", true],
      [12, "Bidder 1", false],
      [11, "Bidder 2", true],
    ]);
  });
});
