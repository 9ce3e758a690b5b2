import { create } from "zustand";
import { isGateSealed } from "../../../lib/gate-sealed";

/**
 * A lot call was answered GATE_SEALED: the member has not given the Bidding Hall word. Lots are
 * not asked for (and the app asks for the word) until `unsealLots`.
 */
export const useLotGateStore = create<{ sealed: boolean }>(() => ({ sealed: false }));

/** Notes a GATE_SEALED refusal; returns whether it was one (the caller then shows nothing else). */
export function noteIfGateSealed(error: unknown): boolean {
  if (!isGateSealed(error)) return false;
  useLotGateStore.setState({ sealed: true });
  return true;
}

/** The server accepted the gate word: lots may be asked for again. */
export function unsealLots(): void {
  useLotGateStore.setState({ sealed: false });
}

export function resetLotGate(): void {
  useLotGateStore.setState({ sealed: false });
}
