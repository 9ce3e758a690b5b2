import type { ChallengeType } from "@bm/shared";
import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/ui/button";
import { Sigil } from "../../../components/ui/sigil";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { copy } from "../lib/challenge-copy";

/** 'Puzzle Not Found' / 'Trial Not Found', with the way back. */
export function ChallengeNotFound({ type }: { type: ChallengeType }) {
  const title = type === "puzzle" ? copy.puzzleNotFound : copy.trialNotFound;
  useDocumentTitle(title);
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <Sigil className="h-20 w-20 opacity-50" />
      <h1 className="mt-6 text-3xl sm:text-4xl">{title}</h1>
      <div className="hairline mt-6 w-40" />
      <p className="mt-6 max-w-md text-lg text-bone-muted italic">
        No such {type === "puzzle" ? "puzzle" : "trial"} is written in the House's calendar, or its hour has not come.
      </p>
      <Link to={paths.earnCredits.href()} className={buttonClass("outline", "mt-10")}>
        Back to Harvest Credits
      </Link>
    </main>
  );
}
