import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { resetAuctions } from "../../features/auctions";
import { signOut } from "../../features/auth";
import { resetCart } from "../../features/cart";
import { resetCredits } from "../../features/credits";
import { resetLotGate } from "../../features/lots";
import { queryClient } from "../../lib/query-client";

/**
 * Sign out: end the session, forget this member's cart, figures and lots, go to /enter (even on
 * failure). The live connection closes with the session (see use-realtime).
 */
export function useLeave() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    resetCart();
    resetCredits();
    resetLotGate();
    queryClient.clear();
    resetAuctions();
    navigate(paths.enter.href(), { replace: true });
  }, [navigate]);
}
