import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/ui/button";
import { Sigil } from "../../../components/ui/sigil";
import { paths } from "../../../config/paths";
import { roman } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** A lot number nobody keeps (or no number at all). */
export function LotNotFound({ lotNumber }: { lotNumber: number }) {
  useDocumentTitle("Lot not found");
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <Sigil className="h-20 w-20 opacity-50" />
      <p className="eyebrow mt-6">Lot {Number.isFinite(lotNumber) && lotNumber > 0 ? roman(lotNumber) : "unknown"}</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">Lost to the Darkness</h1>
      <div className="hairline mt-6 w-40" />
      <p className="mt-6 max-w-md text-lg text-bone-muted italic">
        No such lot is kept in the House's ledger. It may never have existed, or the House has hidden it well.
      </p>
      <Link to={paths.biddingHall.href()} className={buttonClass("outline", "mt-10")}>
        Return to the Bidding Hall
      </Link>
    </main>
  );
}
