import { useEffect, useState } from "react";
import { currentSubscription } from "../lib/push";

export interface ThisBrowser {
  /** False until this browser's subscription has been looked for. */
  checked: boolean;
  /** The endpoint of this browser's push subscription, or null when it has none. */
  endpoint: string | null;
  permission: NotificationPermission;
}

/**
 * This browser's push state, read once as the page opens (reading registers nothing and asks no
 * permission). The page writes it as the member allows or stops notices here.
 */
export function useThisBrowser(available: boolean) {
  const [browser, setBrowser] = useState<ThisBrowser>(() => ({
    checked: !available,
    endpoint: null,
    permission: available ? Notification.permission : "default",
  }));
  useEffect(() => {
    if (!available) return;
    let live = true;
    const found = (endpoint: string | null) => {
      if (live) setBrowser((held) => ({ ...held, checked: true, endpoint }));
    };
    currentSubscription().then(
      (subscription) => found(subscription?.endpoint ?? null),
      () => found(null),
    );
    return () => {
      live = false;
    };
  }, [available]);
  return [browser, setBrowser] as const;
}
