import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import { roman } from "../../../lib/format";
import { useWonLots } from "../hooks/use-won-lots";

/** How many victories the account menu lists (spec section 9). */
const MENU_VICTORIES = 3;

/** The account menu's victories: the first three won lots, each with its Claim Prize link. */
export function VictoriesMenu() {
  const { lots, status } = useWonLots();
  return (
    <section aria-labelledby="menu-victories">
      <h2 id="menu-victories" className="mb-2 font-display text-[0.75rem] tracking-[0.28em] text-gold uppercase">
        Victories
      </h2>
      {lots.length === 0 ? (
        <p className="text-sm text-bone-faint italic">
          {status === "ready" || status === "error" ? "No victories yet." : "Reading your victories..."}
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {lots.slice(0, MENU_VICTORIES).map((lot) => (
            <li key={lot.id} className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate text-base text-bone">
                <span className="font-display text-[0.75rem] tracking-[0.2em] text-gold-dim">
                  {roman(lot.lotNumber)}
                </span>{" "}
                {lot.title}
              </span>
              <Link
                to={paths.lot.href(lot.lotNumber)}
                aria-label={`Claim Prize: ${lot.title}`}
                className="shrink-0 font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase hover:text-bone"
              >
                Claim Prize
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.biddingHall.href()} className="link-quiet mt-2 inline-block text-sm">
        {lots.length > MENU_VICTORIES ? `All ${lots.length} victories` : "All victories"} in the Bidding Hall
      </Link>
    </section>
  );
}
