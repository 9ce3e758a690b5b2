import { lazy, Suspense } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { buttonClass } from "../../components/ui/button";
import { Wordmark } from "../../components/ui/sigil";
import { paths } from "../../config/paths";
import { useAuthStatus, useUser } from "../../features/auth";
import { cn } from "../../lib/cn";
import { useAfterPagePaint } from "../../lib/use-after-page-paint";
import { useLeave } from "../hooks/use-leave";
import { LockIcon } from "./lock-icon";
import { MobileMenu } from "./mobile-menu";
import { navItems } from "./nav-items";

/**
 * The account menu, credits and cart: loaded once a member is signed in and their page has been
 * drawn, so a first visit's page does not share the connection with the header's extras.
 */
const MemberCorner = lazy(() => import("./member-corner"));

/** Public front pages where a signed-in member still gets an "Enter" to the Sanctum. */
const FRONT_PAGES = new Set<string>([paths.home.path, paths.notFound.path]);

export function SiteHeader() {
  const status = useAuthStatus();
  const user = useUser();
  const { pathname } = useLocation();
  const leave = useLeave();
  const showLinks = !!user && pathname !== paths.sanctum.path;
  const cornerReady = useAfterPagePaint(!!user, "main-content");

  return (
    <header className="sticky top-0 z-30 border-b border-gold/15 bg-ink-900/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-5">
        {showLinks && <MobileMenu onLeave={leave} />}
        <Link to={paths.home.href()} aria-label="The Black Market, home" className="shrink-0 rounded-sm">
          <Wordmark compact={!!user} />
        </Link>

        {showLinks ? (
          <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-1 lg:flex xl:gap-3">
            {navItems.map((item) =>
              item.disabled ? (
                <span
                  key={item.to}
                  aria-disabled="true"
                  title="Sealed until the auction begins"
                  className="flex cursor-not-allowed items-center gap-1.5 px-3 py-2 whitespace-nowrap font-display text-[0.75rem] tracking-[0.2em] text-bone-faint uppercase"
                >
                  <LockIcon className="h-3.5 w-3.5" />
                  {item.label}
                </span>
              ) : (
                <NavLink
                  key={item.to}
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "relative px-3 py-2 whitespace-nowrap font-display text-[0.75rem] tracking-[0.2em] uppercase transition-colors hover:text-gold-bright",
                      "after:absolute after:inset-x-3 after:bottom-0.5 after:h-px after:bg-gold-bright after:transition-transform after:duration-300",
                      isActive
                        ? "text-gold-bright after:scale-x-100"
                        : "text-bone-muted after:scale-x-0 hover:after:scale-x-100",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ),
            )}
          </nav>
        ) : (
          <div className="flex-1" />
        )}

        <div className="ml-auto flex shrink-0 items-center gap-2">
          {status === "loading" && <span className="text-sm text-bone-muted italic">Loading...</span>}
          {user && (
            <>
              {FRONT_PAGES.has(pathname) && (
                <Link
                  to={paths.sanctum.href()}
                  className={buttonClass("outline", "hidden min-h-10 px-4 sm:inline-flex lg:hidden xl:inline-flex")}
                >
                  Enter
                </Link>
              )}
              {cornerReady && (
                <Suspense fallback={null}>
                  <MemberCorner user={user} onLeave={leave} />
                </Suspense>
              )}
            </>
          )}
          {status === "unauthenticated" && pathname !== paths.enter.path && (
            <Link to={paths.enter.href()} className={buttonClass("outline", "min-h-10 px-5")}>
              Enter
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
