import type { LotAnswer } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../../api/get-user";
import { resetToasts } from "../../components/ui/toast/toast-store";
import { heldUser, resetAuth } from "../../features/auth";
import { creditKeys } from "../../features/credits";
import { lotKeys, receiveLot } from "../../features/lots/api/lot-cache";
import { lot } from "../../features/lots/testing/lot-fixture";
import { createQueryClient, queryClient } from "../../lib/query-client";
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
    });
    expect(held(7)).toMatchObject({ currentBid: "47.00", minimumBid: "48.00", bidCount: 4, version: 7 });
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
