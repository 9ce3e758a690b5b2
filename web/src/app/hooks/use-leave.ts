import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { signOut } from "../../features/auth";
import { resetCart } from "../../features/cart";
import { resetCredits } from "../../features/credits";

/** Sign out: end the session, forget this member's cart and figures, go to /enter (even on failure). */
export function useLeave() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    resetCart();
    resetCredits();
    navigate(paths.enter.href(), { replace: true });
  }, [navigate]);
}
