import { messageOf, titleOf } from "../../../lib/api";
import { type ChallengeKind, copy } from "./challenge-copy";

export interface ToastWords {
  title: string;
  description: string;
  variant: "default" | "destructive";
}

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

/**
 * The toast of a submission that got no verdict: the server's refusal in its words ('Error'),
 * 'Connection Lost' when the House could not be reached, else the submission's own fallback
 * ('Failed to submit answer', 'Failed to submit email', 'Failed to submit code').
 */
export function submitErrorToast(error: unknown, fallback: string = copy.submitFailed): ToastWords {
  return {
    title: titleOf(error, copy.errorTitle),
    description: messageOf(error, fallback),
    variant: "destructive",
  };
}
