import { useQueryClient } from "@tanstack/react-query";
import { useUser } from "../../features/auth";
import { EarnCreditsHome } from "../../features/challenges";
import { refreshCredits, useCreditAccount } from "../../features/credits";
import { useAfterPagePaint } from "../../lib/use-after-page-paint";
import { useDocumentTitle } from "../../lib/use-document-title";
import { WithSpecialAnswers } from "../special-answers";

/**
 * /earn-credits, 'Harvest Credits'. The member's credit account is read here (once the page is
 * drawn, as the header's own is) so that a right answer's award reaches the header at once: the
 * answer refreshes it.
 */
export function EarnCreditsPage() {
  useDocumentTitle("Harvest Credits");
  const client = useQueryClient();
  useCreditAccount(client, useAfterPagePaint(true, "main-content"));
  const user = useUser();
  const picksAnyDay = Boolean(user?.isStaff || user?.isAdmin);
  return (
    <WithSpecialAnswers>
      <EarnCreditsHome picksAnyDay={picksAnyDay} onCorrect={() => refreshCredits(client)} />
    </WithSpecialAnswers>
  );
}
