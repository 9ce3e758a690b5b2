import { formatDateTime } from "@bm/shared";
import { CompactCountdown } from "../../../components/ui/countdown";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { copy } from "../lib/challenge-copy";

/** A day not yet unlocked: the lock, the date it opens (with its zone) and the time left. */
export function ComingSoon({ label, unlocksAt }: { label: string | null; unlocksAt: string }) {
  const target = Date.parse(unlocksAt);
  const now = useServerNow(1000);
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <LockGlyph />
      {label && <p className="eyebrow">{label}</p>}
      <h2 className="text-2xl sm:text-3xl">{copy.comingSoon}</h2>
      <p className="max-w-md text-lg text-bone-muted">
        This challenge unlocks on <span className="text-bone">{formatDateTime(target)}</span>.
      </p>
      {target > now && (
        <p className="flex items-baseline gap-2 text-base text-bone-faint">
          Unlocks in
          <CompactCountdown
            parts={splitDuration(target - now)}
            label="Unlocks in"
            className="font-display text-gold-bright"
          />
        </p>
      )}
    </div>
  );
}

function LockGlyph() {
  return (
    <svg viewBox="0 0 48 48" className="h-14 w-14 text-gold" fill="none" aria-hidden="true">
      <rect x="11" y="21" width="26" height="20" rx="1.5" stroke="currentColor" strokeWidth="1.4" />
      <path d="M16 21 V15 a8 8 0 0 1 16 0 V21" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="24" cy="30" r="2.4" fill="currentColor" />
      <path d="M24 32 V36" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
