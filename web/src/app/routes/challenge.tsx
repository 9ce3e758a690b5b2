import type { ChallengeType } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { ChallengeDetail } from "../../features/challenges";
import { refreshCredits, useCreditAccount } from "../../features/credits";
import { WithSpecialAnswers } from "../special-answers";

function ChallengePage({ type }: { type: ChallengeType }) {
  const { slug = "" } = useParams();
  const client = useQueryClient();
  // The credit account, refreshed after a right answer: the header's balance follows at once.
  useCreditAccount(client, true);
  return (
    <WithSpecialAnswers>
      <ChallengeDetail key={`${type}-${slug}`} type={type} slug={slug} onCorrect={() => refreshCredits(client)} />
    </WithSpecialAnswers>
  );
}

/** /puzzle/{slug} */
export function PuzzlePage() {
  return <ChallengePage type="puzzle" />;
}

/** /task/{slug} and /trial/{slug}: both readings of the trial's route. */
export function TrialPage() {
  return <ChallengePage type="task" />;
}
