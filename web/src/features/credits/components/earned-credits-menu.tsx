import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { credits } from "../../../lib/format";
import { useEarnedCredits } from "../api/get-earned-credits";

/** How many earned credits the account dropdown lists (spec 000 section 2). */
export const MENU_EARNED = 5;

/** The account dropdown's Earned Credits: the first five awards, and the way to all of them. */
export function EarnedCreditsMenu() {
  const { data, error } = useEarnedCredits();
  return (
    <section aria-labelledby="menu-earned">
      <h2 id="menu-earned" className="mb-2 font-display text-[0.75rem] tracking-[0.28em] text-gold uppercase">
        Earned Credits
      </h2>
      {!data ? (
        <p className="text-sm text-bone-faint italic">
          {error ? messageOf(error, "The ledger could not be read. Try again shortly.") : "Reading the ledger..."}
        </p>
      ) : data.credits.length === 0 ? (
        <p className="text-sm text-bone-faint italic">
          No earned credits yet. Complete puzzles and trials to earn credits!
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {data.credits.slice(0, MENU_EARNED).map((credit) => (
            <li
              key={`${credit.type}-${credit.completedAt}-${credit.title}`}
              className="flex items-baseline justify-between gap-3"
            >
              <span className="min-w-0 truncate text-sm text-bone-muted">{credit.title}</span>
              <span className="shrink-0 font-display text-sm text-gold-bright lining-nums tabular-nums">
                +{credits(credit.credits)} MPC
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.earnedCredits.href()} className="link-quiet mt-2 inline-block text-sm">
        All earned credits
      </Link>
    </section>
  );
}
