import { refusalToast, type ToastWords } from "../../../lib/refusal-toast";
import { type ChallengeKind, copy } from "./challenge-copy";

export type { ToastWords };

/** Where the answer was given: the daily page and the detail pages word a wrong answer differently. */
export type AnswerPlace = "home" | "detail";

/** The toast of an answered submission (spec section 8): 'Correct!' or the wrong-answer words. */
export function answerToast(
  answer: { correct: boolean; credits: number; message?: string | null },
  kind: ChallengeKind,
  place: AnswerPlace,
): ToastWords {
  if (answer.correct)
    return { title: copy.correctTitle, description: copy.correct(answer.credits), variant: "default" };
  if (place === "detail") {
    return { title: copy.incorrectDetailTitle, description: copy.incorrectDetail(kind), variant: "destructive" };
  }
  return { title: copy.incorrectTitle, description: answer.message || copy.incorrect, variant: "destructive" };
}

/** The toast of a submission that got no verdict (`refusalToast`), a challenge's answer by default. */
export function submitErrorToast(error: unknown, fallback: string = copy.submitFailed): ToastWords {
  return refusalToast(error, fallback);
}
