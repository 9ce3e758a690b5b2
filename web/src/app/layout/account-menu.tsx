import type { AuthUser } from "@bm/shared";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { paths } from "../../config/paths";
import { CreditBalance, HeaderCreditsButton, useKnownBalance } from "../../features/credits";
import { VictoriesMenu } from "../../features/lots";
import { cn } from "../../lib/cn";

interface AccountMenuProps {
  user: AuthUser;
  onLeave: () => void;
}

/**
 * The header's account corner: the credits figure (opening the Bidding Power dialog) and the
 * account dropdown: who you are, your bidding power, your victories, your ledgers, the way out.
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
            <p className="font-display text-[0.62rem] tracking-[0.3em] text-bone-faint uppercase">Signed in as</p>
            <div className="mt-1 flex items-start justify-between gap-2">
              <p className="break-all text-base text-bone">{user.email}</p>
              {user.isAdmin && (
                <span className="shrink-0 border border-blood-bright/70 bg-blood-deep/60 px-1.5 py-0.5 font-display text-[0.6rem] tracking-[0.2em] text-bone uppercase">
                  Admin
                </span>
              )}
            </div>
            <div className="hairline my-4" />
            <h2 className="mb-2 font-display text-[0.68rem] tracking-[0.28em] text-gold uppercase">Bidding Power</h2>
            <CreditBalance mpcBalance={balance} />
            <p className="mt-2 text-sm text-bone-faint italic">1 credit = $1 of bidding power.</p>
            <div className="hairline my-4" />
            <VictoriesMenu />
            <div className="hairline my-4" />
            <nav aria-label="Your ledgers" className="flex flex-col">
              <MenuLink to={paths.creditsHistory.href()}>See All Credits</MenuLink>
              <MenuLink to={paths.earnedCredits.href()}>Earned Credits</MenuLink>
            </nav>
            <div className="hairline my-4" />
            <button
              type="button"
              onClick={onLeave}
              className="flex w-full items-center justify-between px-2 py-2 font-display text-xs tracking-[0.26em] text-blood-bright uppercase transition-colors hover:bg-blood-deep/40 hover:text-bone"
            >
              Leave
              <svg
                viewBox="0 0 16 16"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.1"
                aria-hidden="true"
              >
                <path d="M6 3 H3 V13 H6 M10 5 L13 8 L10 11 M13 8 H6" />
              </svg>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="flex items-center justify-between px-2 py-2 text-base text-bone-muted transition-colors hover:bg-gold/5 hover:text-gold-bright"
    >
      {children}
      <span aria-hidden="true" className="text-gold-dim">
        →
      </span>
    </Link>
  );
}
