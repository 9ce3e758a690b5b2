import { ApiError } from "../../../lib/api";
import { isGateSealed } from "../../../lib/gate-sealed";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { getLot } from "../api/get-lot";
import { getLotBids } from "../api/get-lot-bids";
import { getLots } from "../api/get-lots";
import { getWonLots } from "../api/get-won-lots";
import { receiveBids, receiveLot, receiveLots, receiveWonLots, useLotsStore } from "./lots-store";

/**
 * Fetches that feed the lots store; module-level so socket handlers can call them too. A failed
 * refresh keeps what is shown (the status says "error" only when there was nothing yet). A call
 * refused at the Bidding Hall gate is no error: the lots wait for the word (see `gateSealed`).
 */
export async function loadLots(): Promise<void> {
  useLotsStore.setState((s) => ({ listStatus: s.listStatus === "ready" ? "ready" : "loading" }));
  try {
    receiveLots(await getLots());
    useLotsStore.setState({ listStatus: "ready" });
  } catch (error) {
    reportIfSessionExpired(error);
    const sealed = noteIfGateSealed(error);
    useLotsStore.setState((s) => ({
      listStatus: s.listStatus === "ready" ? "ready" : sealed ? "idle" : "error",
    }));
    throw error;
  }
}

async function loadWonLots(): Promise<void> {
  useLotsStore.setState((s) => ({ wonStatus: s.wonStatus === "ready" ? "ready" : "loading" }));
  try {
    receiveWonLots(await getWonLots());
    useLotsStore.setState({ wonStatus: "ready" });
  } catch (error) {
    noteIfGateSealed(error);
    useLotsStore.setState((s) => ({ wonStatus: s.wonStatus === "ready" ? "ready" : "error" }));
    throw error;
  }
}

function setLotStatus(lotNumber: number, status: "loading" | "ready" | "error" | "missing") {
  useLotsStore.setState((s) => ({ lotStatus: { ...s.lotStatus, [lotNumber]: status } }));
}

export async function loadLot(lotNumber: number): Promise<void> {
  if (useLotsStore.getState().lotStatus[lotNumber] !== "ready") setLotStatus(lotNumber, "loading");
  try {
    const lot = await getLot(lotNumber);
    receiveLot(lot);
    setLotStatus(lotNumber, "ready");
  } catch (error) {
    if (reportIfSessionExpired(error)) return;
    if (noteIfGateSealed(error)) return;
    if (error instanceof ApiError && error.status === 404) setLotStatus(lotNumber, "missing");
    else if (useLotsStore.getState().lotStatus[lotNumber] !== "ready") setLotStatus(lotNumber, "error");
  }
}

export async function loadLotBids(lotId: number): Promise<void> {
  try {
    receiveBids(lotId, await getLotBids(lotId));
  } catch (error) {
    if (!reportIfSessionExpired(error)) noteIfGateSealed(error);
    // The history stays as it was; the next poll or live bid brings it up to date.
  }
}

/** Fire-and-forget form for effects and socket handlers. */
export function refreshLots(): void {
  loadLots().catch(() => {});
}

export function refreshWonLots(): void {
  loadWonLots().catch(() => {});
}

/** Notes a GATE_SEALED refusal; returns whether it was one (the caller then shows nothing else). */
export function noteIfGateSealed(error: unknown): boolean {
  if (!isGateSealed(error)) return false;
  useLotsStore.setState({ gateSealed: true });
  return true;
}
