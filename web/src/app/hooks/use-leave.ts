import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { authKeys, useSignOut } from "../../features/auth";

/**
 * Sign out: end the session, forget this member's cart, figures and lots, go to /enter (even on
 * failure). The live connection closes with the session (see use-realtime).
 */
export function useLeave() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { mutateAsync: signOut } = useSignOut();
  return useCallback(async () => {
    await signOut();
    // Loaded here, not up front: the front pages that offer "Leave" need none of the member code.
    const [cart, gate] = await Promise.all([
      import("../../features/cart"),
      import("../../features/lots/stores/gate-store"),
    ]);
    cart.resetCart();
    gate.resetLotGate();
    // Every server answer held was this member's: none outlives the session (the user is now null).
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user()[0] });
    navigate(paths.enter.href(), { replace: true });
  }, [client, navigate, signOut]);
}
