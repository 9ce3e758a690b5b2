import type { ChallengeAnswer } from "@bm/shared";
import { createContext, type ReactNode, useContext } from "react";

/**
 * How a challenge that another feature answers is answered (the referrals' and the social rite's
 * panels, the oath's recorder, the covenant's link), or null when it is answered here. app/
 * provides it (app/special-answers.tsx), so this feature imports none of those features.
 */
export type SpecialAnswers = (challenge: ChallengeAnswer, open: boolean) => ReactNode | null;

const SpecialAnswersContext = createContext<SpecialAnswers>(() => null);

export const SpecialAnswersProvider = SpecialAnswersContext.Provider;

export function useSpecialAnswers(): SpecialAnswers {
  return useContext(SpecialAnswersContext);
}
