import { type ChallengeType, type SubmitAnswer, submitAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api";
import { challengeApiBase, refreshAfterAnswer } from "./challenge-cache";

export interface SubmitInput {
  type: ChallengeType;
  slug: string;
  /** The typed answer (trimmed here), or a confession for the confession trial. */
  answer?: string;
  confession?: string;
}

/** Sends the member's one attempt; the answer is trimmed before it leaves (spec section 5). */
export function submitChallengeAnswer({ type, slug, answer, confession }: SubmitInput): Promise<SubmitAnswer> {
  const body = confession !== undefined ? { confession: confession.trim() } : { answer: (answer ?? "").trim() };
  return api.post(`${challengeApiBase[type]}/${encodeURIComponent(slug)}/submit`, body, submitAnswer);
}

/**
 * The submission. Whatever the verdict (or a refusal: the attempt may have been counted, the
 * challenge closed), the member's attempt, the day and the lists are asked for again.
 */
export function useSubmitAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitChallengeAnswer,
    onSettled: () => refreshAfterAnswer(client),
  });
}
