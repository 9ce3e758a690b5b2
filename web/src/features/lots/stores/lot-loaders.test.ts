import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadLot, loadLotBids, loadLots } from "./lot-loaders";
import { resetLots, unsealLots, useLotsStore } from "./lots-store";

const answer = (body: unknown, status: number) => new Response(JSON.stringify(body), { status });
const sealed = () =>
  answer({ message: "The Bidding Hall is sealed. Speak the word at its gate.", code: "GATE_SEALED" }, 403);

function serve(respond: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => respond()),
  );
}

describe("lot loaders at the Bidding Hall gate", () => {
  beforeEach(() => resetLots());
  afterEach(() => vi.unstubAllGlobals());

  it("takes a GATE_SEALED answer for the gate, not for a failure: the lot waits for the word", async () => {
    serve(sealed);
    await loadLot(7);
    expect(useLotsStore.getState()).toMatchObject({ gateSealed: true, lotStatus: { 7: "loading" } });
    unsealLots();
    expect(useLotsStore.getState().gateSealed).toBe(false);
  });

  it("does the same for the list and a lot's bids", async () => {
    serve(sealed);
    await expect(loadLots()).rejects.toMatchObject({ status: 403 });
    expect(useLotsStore.getState()).toMatchObject({ gateSealed: true, listStatus: "idle" });
    resetLots();
    await loadLotBids(7);
    expect(useLotsStore.getState().gateSealed).toBe(true);
  });

  it("keeps other refusals what they are: a 404 is a missing lot, anything else an error", async () => {
    serve(() => answer({ message: "This lot has been lost to the darkness", code: "NOT_FOUND" }, 404));
    await loadLot(7);
    expect(useLotsStore.getState().lotStatus[7]).toBe("missing");
    serve(() => answer({ message: "Forbidden", code: "FORBIDDEN" }, 403));
    await loadLot(8);
    expect(useLotsStore.getState()).toMatchObject({ gateSealed: false, lotStatus: { 8: "error" } });
  });
});
