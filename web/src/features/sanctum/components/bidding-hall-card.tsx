import { BIDDING_HALL_COUNTDOWN_AT } from "@bm/shared";
import { Countdown } from "../../../components/ui/countdown";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { ChamberCard } from "./chamber-card";
import { GavelIcon } from "./chamber-icons";

/** The spec's opening, used only until the lots (the event's own data) are known. */
const SPEC_OPENS_AT = Date.parse(BIDDING_HALL_COUNTDOWN_AT);

/** The Bidding Hall door: dimmed with a live countdown until the hall opens (the first lot's opening, once known). */
export function BiddingHallCard({ onEnter, opensAt = null }: { onEnter: () => void; opensAt?: string | null }) {
  const now = useServerNow(1000);
  const remaining = (opensAt ? Date.parse(opensAt) : SPEC_OPENS_AT) - now;
  const open = remaining <= 0;

  return (
    <ChamberCard
      numeral="I"
      title="Bidding Hall"
      blurb="Four nights of forbidden lots. Bid with dollars and credits; the highest offer claims the artifact."
      icon={<GavelIcon className="h-14 w-14" />}
      onClick={onEnter}
      dimmed={!open}
      cta={open ? "Enter the hall" : "Approach the hall"}
      footer={
        open ? (
          <span className="inline-flex items-center gap-2 border border-ember/50 bg-blood-deep/40 px-3 py-1.5 font-display text-[0.75rem] tracking-[0.26em] text-gold-bright uppercase">
            <span
              aria-hidden="true"
              className="h-1.5 w-1.5 rounded-full bg-ember shadow-[0_0_8px_2px_rgb(217_96_46/0.7)]"
            />
            The hall is open
          </span>
        ) : (
          <>
            <span className="mb-2 font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">
              Opens in
            </span>
            <Countdown parts={splitDuration(remaining)} label="The Bidding Hall opens in" />
          </>
        )
      }
    />
  );
}
