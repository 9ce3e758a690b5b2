import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { ReconnectingBanner } from "../../components/reconnecting-banner";
import { FullScreenLoader } from "../../components/ui/spinner";
import { dismissToastsNotAbout } from "../../components/ui/toast";
import { useAuthStatus } from "../../features/auth";
// The component alone (not the lots feature): it shows only once the live connection set a banner.
import { HouseBanner } from "../../features/lots/components/house-banner";
import { useAfterPagePaint } from "../../lib/use-after-page-paint";
import { useRouteFocus } from "../hooks/use-route-focus";
import { useScrollRestoration } from "../hooks/use-scroll-restoration";
import { useSessionExpiry } from "../hooks/use-session-expiry";
import { SiteHeader } from "./site-header";

/** The live connection and the cart: fetched once a member is signed in, never for a visitor's first page. */
const MemberLayer = lazy(() => import("./member-layer"));

export function RootLayout() {
  const status = useAuthStatus();
  useSessionExpiry();
  const { pathname } = useLocation();
  useRouteFocus("main-content");
  useScrollRestoration();

  // A toast about a page goes when the member leaves that page.
  useEffect(() => {
    dismissToastsNotAbout(pathname);
  }, [pathname]);

  // Mounted once a member's page is on screen (its code, answers and paint come first), and stays
  // mounted after sign-out, so the connection sees the member leave and closes.
  const live = useAfterPagePaint(status === "authenticated", "main-content");

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[80] focus:bg-ink-800 focus:px-4 focus:py-2 focus:text-gold-bright"
      >
        Skip to content
      </a>
      <SiteHeader />
      <HouseBanner />
      <ReconnectingBanner />
      <div id="main-content" className="flex flex-1 flex-col">
        {/* The first page waits for its code here; later pages, being transitions, keep the last one shown. */}
        <Suspense fallback={<FullScreenLoader />}>{status === "loading" ? <FullScreenLoader /> : <Outlet />}</Suspense>
      </div>
      {live && (
        <Suspense fallback={null}>
          <MemberLayer />
        </Suspense>
      )}
    </div>
  );
}
