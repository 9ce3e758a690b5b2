import type { ChallengeType } from "@bm/shared";
import { useState } from "react";
import { useSubmitAnswer } from "../../../api/submit-answer";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import type { AnswerPayload } from "../components/answer-form";
import { copy } from "../lib/challenge-copy";
import { type AnswerPlace, answerToast, submitErrorToast } from "../lib/submit-outcome";

interface UseAnswerOptions {
  type: ChallengeType;
  slug: string;
  place: AnswerPlace;
  /** A right answer: the credits arrived (the page refreshes the balance, may move on). */
  onCorrect?: (credits: number) => void;
}

/**
 * One attempt at a challenge, with the toasts of section 8: 'Correct!', the wrong-answer words of
 * the page it was given on, or the refusal ('Error', shown at the field too) or lost connection.
 */
export function useAnswer({ type, slug, place, onCorrect }: UseAnswerOptions) {
  const mutation = useSubmitAnswer();
  const [error, setError] = useState<string | null>(null);

  function submit(payload: AnswerPayload) {
    setError(null);
    mutation.mutate(
      { type, slug, ...payload },
      {
        onSuccess: (answer) => {
          toast({ ...answerToast(answer, type, place), aboutPage: true });
          if (answer.correct) onCorrect?.(answer.credits);
        },
        onError: (cause) => {
          if (reportIfSessionExpired(cause)) return;
          toast({ ...submitErrorToast(cause), aboutPage: true });
          setError(messageOf(cause, copy.submitFailed));
        },
      },
    );
  }

  return { submit, pending: mutation.isPending, error };
}
