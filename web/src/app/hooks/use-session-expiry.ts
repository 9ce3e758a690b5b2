import { LOGIN_REDIRECT_DELAY_MS } from "@bm/shared";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { refreshUser } from "../../features/auth";
import { setSessionExpiredHandler } from "../../lib/session-expiry";

const LOGGED_OUT_MESSAGE = "You are logged out. Logging in again...";

/** A bidding call answered 401: say so, and after 500 ms take the member to the entry page. */
export function useSessionExpiry(): void {
  const navigate = useNavigate();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = setSessionExpiredHandler(() => {
      if (timer !== undefined) return;
      toast({ title: LOGGED_OUT_MESSAGE, variant: "destructive" });
      timer = setTimeout(() => {
        // Learn the session is gone first, or /enter would send a still-known member back in.
        void refreshUser().then(() => {
          timer = undefined;
          navigate(paths.enter.href(), { replace: true });
        });
      }, LOGIN_REDIRECT_DELAY_MS);
    });
    return () => {
      release();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [navigate]);
}
