import { useState } from "react";
import { NavLink, useLocation } from "react-router-dom";
import { Dialog } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { LeaveIcon } from "./leave-icon";
import { LockIcon } from "./lock-icon";
import { navItems } from "./nav-items";

/** The slide-out menu of small screens: the same passages, plus Leave. */
export function MobileMenu({ onLeave }: { onLeave: () => void }) {
  // Remembers the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="flex h-10 w-10 items-center justify-center rounded-sm border border-gold/25 text-gold transition-colors hover:border-gold-bright hover:text-gold-bright lg:hidden"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
          aria-hidden="true"
        >
          <path d="M4 7 H20 M4 12 H20 M4 17 H20" strokeLinecap="round" />
        </svg>
      </button>
      <Dialog open={open} onOpenChange={setOpen} placement="left" title="Passages">
        <nav aria-label="Main" className="flex flex-col">
          {navItems.map((item) =>
            item.disabled ? (
              <span
                key={item.to}
                aria-disabled="true"
                className="flex items-center justify-between border-b border-gold/10 px-1 py-4 font-display text-sm tracking-[0.2em] text-bone-faint uppercase"
              >
                {item.label}
                <LockIcon className="h-4 w-4" />
              </span>
            ) : (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    "border-b border-gold/10 px-1 py-4 font-display text-sm tracking-[0.2em] uppercase transition-colors hover:text-gold-bright",
                    isActive ? "text-gold-bright" : "text-bone",
                  )
                }
              >
                {item.label}
              </NavLink>
            ),
          )}
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onLeave();
            }}
            className="mt-6 flex items-center justify-between px-1 py-3 text-left font-display text-sm tracking-[0.2em] text-blood-bright uppercase transition-colors hover:text-bone"
          >
            Leave
            <LeaveIcon className="h-4 w-4" />
          </button>
        </nav>
      </Dialog>
    </>
  );
}
