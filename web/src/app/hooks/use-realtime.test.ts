import type { BidHistoryEntry, LotAnswer } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../../api/get-user";
import { resetToasts } from "../../components/ui/toast/toast-store";
import { heldUser, resetAuth } from "../../features/auth";
import { creditKeys } from "../../features/credits";
import { lotKeys, receiveLot } from "../../features/lots/api/lot-cache";
import { lot } from "../../features/lots/testing/lot-fixture";
import { createQueryClient, queryClient } from "../../lib/query-client";
import type { AppSocket } from "../../lib/socket";
import { resetSocketForTests, setSocketFactoryForTests } from "../../lib/socket-connection";
import { toastNow } from "../../testing/toast-now";
import { realtimeHandlers, recheckSessionOnServerClose } from "./use-realtime";

let client: QueryClient;
const held = (lotNumber: number) => client.getQueryData<LotAnswer>(lotKeys.detail(lotNumber));

describe("live messages", () => {
  beforeEach(() => {
    resetToasts();
    client = createQueryClient();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("[]", { status: 200 })),
    );
  });
  afterEach(() => {
    resetToasts();
    vi.unstubAllGlobals();
  });

  it("shows 'Outbid!' at once, naming the lot and the new price, and ends the member's lead", () => {
    receiveLot(client, lot({ id: 7, lotNumber: 7, isLeader: true }));
    const navigate = vi.fn();
    realtimeHandlers(client, navigate)["user:outbid"]({
      kind: "lot",
      lotId: 7,
      lotNumber: 7,
      auctionId: null,
      title: "Tarot of the Drowned Court",
      amount: "52.00",
    });
    const shown = toastNow();
    expect(shown).toMatchObject({
      title: "Outbid!",
      variant: "destructive",
      description: "Someone outbid you on Lot 7 · Tarot of the Drowned Court. The bid is now $52.00.",
    });
    expect(held(7)?.isLeader).toBe(false);
    shown?.action?.onClick();
    expect(navigate).toHaveBeenCalledWith("/lot/7");
  });

  it("announces a win with a way to claim it", () => {
    const navigate = vi.fn();
    realtimeHandlers(client, navigate)["user:won"]({
      lotId: 3,
      lotNumber: 3,
      title: "Candle of the Seventh Vigil",
      finalBid: "10.00",
      claimDeadline: null,
    });
    const shown = toastNow();
    expect(shown?.title).toBe("Victory!");
    expect(shown?.description).toContain("Lot 3 · Candle of the Seventh Vigil for $10.00");
    shown?.action?.onClick();
    expect(navigate).toHaveBeenCalledWith("/lot/3");
  });

  it("shows a win told again (a node that could not hear for a while) once", () => {
    const handlers = realtimeHandlers(client, vi.fn());
    const win = { lotId: 4, lotNumber: 4, title: "Bell of Ash", finalBid: "12.00", claimDeadline: null };
    handlers["user:won"](win);
    resetToasts();
    handlers["user:won"](win);
    expect(toastNow()).toBeNull();
    handlers["user:won"]({ ...win, lotId: 5, lotNumber: 5 });
    expect(toastNow()?.description).toContain("Lot 5 · Bell of Ash");
  });

  it("asks the lot's room for what it missed when a bid skips a version, and writes the missed bid in", () => {
    const emitted: { event: string; payload: unknown; ack: (answer: unknown) => void }[] = [];
    const fake = {
      on: () => fake,
      emit: (event: string, payload: unknown, ack: (answer: unknown) => void) => emitted.push({ event, payload, ack }),
    };
    resetSocketForTests();
    setSocketFactoryForTests(() => fake as unknown as AppSocket);
    try {
      const handlers = realtimeHandlers(client, vi.fn());
      receiveLot(client, lot({ id: 7, lotNumber: 7, version: 3, currentBid: "30.00" }));
      client.setQueryData(lotKeys.bids(7), []);
      const row = (id: number, amount: string) => ({
        id,
        amount,
        bidder: "Bidder 2",
        createdAt: "2025-11-28T16:00:00Z",
        byHouse: false,
      });
      const state = { lotId: 7, lotNumber: 7, minimumBid: "36.00", closesAt: "2025-11-29T01:00:00.000Z" };
      const event = { ...state, pausedAt: null, isClosed: false, currentBid: "35.00", bidCount: 5, version: 5 };
      // Version 4 (a bid of 32) never came: a node died between answering it and publishing it.
      handlers["lot:bid"]({
        ...event,
        bidId: 41,
        amount: "35.00",
        bidder: "Bidder 2",
        createdAt: "2025-11-28T16:00:00Z",
        bids: [row(41, "35.00")],
      });
      expect(emitted.map((e) => [e.event, e.payload])).toEqual([["lot:watch", { lotNumber: 7, since: 3 }]]);
      emitted[0]?.ack({
        ok: true,
        snapshot: event,
        missed: { bids: [row(40, "32.00"), row(41, "35.00")], voided: [] },
      });
      expect(client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(7))?.map((b) => b.id)).toEqual([41, 40]);
      // The next bid in order asks for nothing.
      handlers["lot:bid"]({
        ...event,
        currentBid: "37.00",
        bidCount: 6,
        version: 6,
        bidId: 42,
        amount: "37.00",
        bidder: "Bidder 1",
        createdAt: "2025-11-28T16:01:00Z",
        bids: [row(42, "37.00")],
      });
      expect(emitted).toHaveLength(1);
    } finally {
      resetSocketForTests();
      setSocketFactoryForTests(null);
    }
  });

  it("feeds 'user:credits' to the credits store and drops stale lot updates", () => {
    const handlers = realtimeHandlers(client, vi.fn());
    handlers["user:credits"]({ mpcBalance: "80.00", committedCredits: 20, available: 60 });
    expect(client.getQueryData(creditKeys.balance())).toBe("80.00");
    expect(client.getQueryData(creditKeys.committed())).toEqual({ committedCredits: 20 });

    receiveLot(client, lot({ id: 7, version: 5, currentBid: "40.00" }));
    const update = {
      lotId: 7,
      lotNumber: 7,
      minimumBid: "46.00",
      bidCount: 3,
      closesAt: "2025-11-29T01:00:00.000Z",
      pausedAt: null,
      isClosed: false,
    };
    handlers["lot:update"]({ ...update, currentBid: "45.00", version: 6 });
    handlers["lot:update"]({ ...update, currentBid: "41.00", version: 6 });
    expect(held(7)?.currentBid).toBe("45.00");

    // A bid to the lot's room carries the lot's state after it: the page's price follows from it alone.
    handlers["lot:bid"]({
      ...update,
      currentBid: "47.00",
      minimumBid: "48.00",
      bidCount: 4,
      version: 7,
      bidId: 21,
      amount: "47.00",
      bidder: "Bidder 2",
      createdAt: "2025-11-28T16:00:00Z",
      bids: [{ id: 21, amount: "47.00", bidder: "Bidder 2", createdAt: "2025-11-28T16:00:00Z", byHouse: false }],
    });
    expect(held(7)).toMatchObject({ currentBid: "47.00", minimumBid: "48.00", bidCount: 4, version: 7 });
  });

  it("writes both bids of a maximum's answer into the history, and the member's own maximum from user:lead", () => {
    const handlers = realtimeHandlers(client, vi.fn());
    receiveLot(client, lot({ id: 7, lotNumber: 7, version: 5, currentBid: "40.00", isLeader: true }));
    const history: BidHistoryEntry[] = [
      {
        id: 20,
        amount: "40.00",
        bidder: "Bidder 1",
        isYou: true,
        createdAt: "2025-11-28T15:00:00Z",
        voided: false,
        note: null,
        byHouse: false,
      },
    ];
    client.setQueryData(lotKeys.bids(7), history);
    handlers["user:lead"]({
      lotId: 7,
      lotNumber: 7,
      leading: true,
      currentBid: "40.00",
      version: 5,
      maximum: { amount: "70.00", credits: "0.00" },
    });
    expect(held(7)?.myMaximum?.amount).toBe("70.00");

    // Bidder 2 bids 55: the House answers at once for the member's maximum, one step above.
    const at = "2025-11-28T16:00:00Z";
    handlers["lot:bid"]({
      lotId: 7,
      lotNumber: 7,
      currentBid: "56.00",
      minimumBid: "57.00",
      bidCount: 3,
      closesAt: "2025-11-29T01:00:00.000Z",
      pausedAt: null,
      isClosed: false,
      version: 6,
      bidId: 22,
      amount: "56.00",
      bidder: "Bidder 1",
      createdAt: at,
      bids: [
        { id: 21, amount: "55.00", bidder: "Bidder 2", createdAt: at, byHouse: false },
        { id: 22, amount: "56.00", bidder: "Bidder 1", createdAt: at, byHouse: true },
      ],
    });
    expect(client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(7))?.map((b) => [b.id, b.isYou, b.byHouse])).toEqual([
      [22, true, true],
      [21, false, false],
      [20, true, false],
    ]);
    // The leader is told they still lead; the maximum stands.
    handlers["user:lead"]({ lotId: 7, lotNumber: 7, leading: true, currentBid: "56.00", version: 6 });
    expect(held(7)).toMatchObject({ currentBid: "56.00", isLeader: true, myMaximum: { amount: "70.00" } });
    // Passed: the lead and the maximum go.
    handlers["user:lead"]({ lotId: 7, lotNumber: 7, leading: false, currentBid: "75.00", version: 7 });
    expect(held(7)).toMatchObject({ isLeader: false, myMaximum: null });
  });

  it("asks who is signed in when the server closes the socket, and shows a suspended member signed out at once", async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(JSON.stringify({ code: "SUSPENDED", message: "This account is suspended" }), {
          status: 401,
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    queryClient.setQueryData(authKeys.user(), { id: "m1", email: "raven@house.test" });
    // A dropped network is not the server's word: nothing asked.
    expect(recheckSessionOnServerClose("transport close")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await recheckSessionOnServerClose("io server disconnect");
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("/api/auth/user");
    expect(heldUser()).toBeNull();
    resetAuth();
  });
});
