import { wholeCredits } from "@bm/shared";
import { useState } from "react";
import { cn } from "../../../lib/cn";
import { useKnownBalance } from "../api/get-credit-account";
import { BiddingPowerDialog } from "./bidding-power-dialog";
import { HeaderCredits } from "./header-credits";

interface HeaderCreditsButtonProps {
  email: string;
  /** The balance on the signed-in user, until a fresher one is known here. */
  mpcBalance: string | null | undefined;
  className?: string;
}

/** The header credits figure; it opens the 'Bidding Power' dialog. */
export function HeaderCreditsButton({ email, mpcBalance, className }: HeaderCreditsButtonProps) {
  const [open, setOpen] = useState(false);
  const live = useKnownBalance();
  const balance = live ?? mpcBalance;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={balance == null ? "Bidding Power, loading" : `Bidding Power: ${wholeCredits(balance)} MPC credits`}
        className={cn(
          "flex h-10 items-center gap-2 rounded-sm border border-gold/25 px-2.5 transition-colors hover:border-gold-bright hover:bg-gold/5",
          className,
        )}
      >
        <CoinIcon />
        <HeaderCredits mpcBalance={balance} />
      </button>
      {balance != null && (
        <BiddingPowerDialog open={open} onOpenChange={setOpen} email={email} fallbackBalance={balance} />
      )}
    </>
  );
}

function CoinIcon() {
  return (
    <svg viewBox="0 0 16 16" className="hidden h-4 w-4 text-gold min-[400px]:block" fill="none" aria-hidden="true">
      <circle cx="8" cy="8" r="6.2" stroke="currentColor" strokeWidth="1" />
      <circle cx="8" cy="8" r="4.2" stroke="currentColor" strokeWidth="0.6" strokeOpacity="0.6" />
      <path d="M8 5.2 L9.6 8 L8 10.8 L6.4 8 Z" fill="currentColor" fillOpacity="0.8" />
    </svg>
  );
}
