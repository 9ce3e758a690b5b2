import type { ReactNode } from "react";
import { type SpecialAnswers, SpecialAnswersProvider } from "../features/challenges";
import { SpecialTrialPanel } from "../features/referrals/components/special-trial-panel";
import { specialAnswer } from "../features/special-trials/components/special-answer";

/**
 * The challenges that other features answer: the referrals' and the social rite's panels stand in
 * for the answer at any time; the oath's recorder and the covenant's link while the trial is open.
 */
export const specialAnswers: SpecialAnswers = (challenge, open) => {
  if (challenge.answerKind === "referrals" || challenge.answerKind === "social")
    return <SpecialTrialPanel challenge={challenge} />;
  return open ? specialAnswer(challenge) : null;
};

/** Around a page that shows challenges' answers (the day's page, a challenge's own page). */
export function WithSpecialAnswers({ children }: { children: ReactNode }) {
  return <SpecialAnswersProvider value={specialAnswers}>{children}</SpecialAnswersProvider>;
}
