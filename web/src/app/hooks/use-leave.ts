import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { signOut } from "../../features/auth";

/**
 * Sign out: end the session, forget this member's cart, figures and lots, go to /enter (even on
 * failure). The live connection closes with the session (see use-realtime).
 */
export function useLeave() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    // Loaded here, not up front: the front pages that offer "Leave" need none of the member code.
    const [cart, credits, lots, auctions] = await Promise.all([
      import("../../features/cart"),
      import("../../features/credits"),
      import("../../features/lots"),
      import("../../features/auctions"),
    ]);
    cart.resetCart();
    credits.resetCredits();
    lots.resetLots();
    auctions.resetAuctions();
    navigate(paths.enter.href(), { replace: true });
  }, [navigate]);
}
