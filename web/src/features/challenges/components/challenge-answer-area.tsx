import type { ChallengeAnswer } from "@bm/shared";
import type { useAnswer } from "../hooks/use-answer";
import { kindWord } from "../lib/challenge-copy";
import { AnswerForm } from "./answer-form";
import { ChallengeStanding, stateOf } from "./challenge-standing";
import { FinalEveCountdown } from "./own-page-answers";
import { useSpecialAnswers } from "./special-answers";
import { SubscriberEmailForm } from "./subscriber-email-form";

interface ChallengeAnswerAreaProps {
  challenge: ChallengeAnswer;
  /** The member may answer now (the challenge takes answers and they have not tried it). */
  open: boolean;
  answering: ReturnType<typeof useAnswer>;
}

/**
 * What a member can do with a challenge now, on the day's page and on its own: answer it, see
 * how they stand with it, or read why it takes no answer.
 */
export function ChallengeAnswerArea({ challenge, open, answering }: ChallengeAnswerAreaProps) {
  const state = stateOf(challenge);
  const special = useSpecialAnswers()(challenge, open);
  if (challenge.answerKind === "final-eve") return <FinalEveCountdown />;
  if (open && challenge.answerKind === "subscriber") return <SubscriberEmailForm challenge={challenge} />;
  if (special) return special;
  if (open) {
    return (
      <AnswerForm
        type={challenge.type}
        answerKind={challenge.answerKind}
        pending={answering.pending}
        error={answering.error}
        onSubmit={answering.submit}
      />
    );
  }
  if (state !== "open") return <ChallengeStanding state={state} />;
  const word = kindWord(challenge.type);
  return (
    <p role="status" className="border border-bone-faint/40 px-4 py-3 text-base text-bone-muted">
      {challenge.status === "locked" ? `This ${word} is not yet unlocked.` : `This ${word} no longer takes answers.`}
    </p>
  );
}
