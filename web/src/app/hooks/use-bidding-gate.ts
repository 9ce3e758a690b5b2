import { useCallback } from "react";
import { setGateOpen, useUser } from "../../features/auth";
// The store alone, not the lots barrel: the sanctum uses the gate without the lots pages' code.
import { unsealLots, useLotGateStore } from "../../features/lots/stores/gate-store";

interface BiddingGate {
  /** The member gave the word (the server says so on the user), and no lot call was refused since. */
  open: boolean;
  /** A lot call was answered GATE_SEALED: the lots wait for the word. */
  refused: boolean;
  /** The server accepted the word: the member and the lots follow, and the lots load again. */
  granted: () => void;
}

/** The Bidding Hall gate as the server keeps it: on the member's account, and on every lot call. */
export function useBiddingGate(): BiddingGate {
  const user = useUser();
  const refused = useLotGateStore((s) => s.sealed);
  const granted = useCallback(() => {
    setGateOpen(true);
    unsealLots();
  }, []);
  return { open: Boolean(user?.gateOpen) && !refused, refused, granted };
}
