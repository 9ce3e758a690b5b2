import type { AuthUser } from "@bm/shared";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { Spinner } from "../../components/ui/spinner";
import { HeaderCreditsButton, useKnownBalance } from "../../features/credits";
import { cn } from "../../lib/cn";

const loadPanel = () => import("./account-panel");
/** The dropdown's contents (victories, purchases) load on first open, not with every page. */
const AccountPanel = lazy(loadPanel);

interface AccountMenuProps {
  user: AuthUser;
  onLeave: () => void;
}

/**
 * The header's account corner: the credits figure (opening the Bidding Power dialog) and the
 * account dropdown (see account-panel.tsx).
 */
export function AccountMenu({ user, onLeave }: AccountMenuProps) {
  // Remembers the page it was opened on, so moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const initial = (user.firstName?.[0] ?? user.email[0] ?? "?").toUpperCase();
  const balance = useKnownBalance() ?? user.mpcBalance;

  return (
    <div className="flex items-center gap-2">
      <HeaderCreditsButton email={user.email} mpcBalance={balance} />
      <div ref={rootRef} className="relative">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Account and credits for ${user.email}`}
          onClick={() => setOpen(!open)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          className={cn(
            "flex h-10 items-center gap-2 rounded-sm border border-gold/25 pr-2.5 pl-1 transition-colors hover:border-gold-bright",
            open && "border-gold-bright bg-gold/5",
          )}
        >
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-full border border-gold/50 bg-[radial-gradient(circle_at_30%_30%,rgb(181_42_50/0.6),rgb(10_7_8))] font-display text-sm text-gold-bright"
          >
            {initial}
          </span>
          <svg
            viewBox="0 0 12 12"
            className={cn("h-3 w-3 text-gold transition-transform", open && "rotate-180")}
            aria-hidden="true"
          >
            <path d="M2.5 4.5 L6 8 L9.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
        </button>

        {open && (
          <div
            id={panelId}
            className="panel panel-solid fade-in fixed top-[4.4rem] right-3 left-3 z-50 max-h-[calc(100dvh-5.5rem)] overflow-y-auto p-5 sm:absolute sm:top-[calc(100%+0.6rem)] sm:right-0 sm:left-auto sm:w-80"
          >
            <span className="panel-corners" aria-hidden="true" />
            <Suspense
              fallback={
                <div role="status" className="flex justify-center py-6">
                  <Spinner className="h-6 w-6" />
                </div>
              }
            >
              <AccountPanel user={user} balance={balance} onLeave={onLeave} />
            </Suspense>
          </div>
        )}
      </div>
    </div>
  );
}
