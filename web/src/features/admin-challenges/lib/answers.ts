import type { AdminChallenge } from "@bm/shared/admin";

/** The accepted answers as the server keeps them: trimmed, none empty, none repeated, the main one first. */
export function acceptedAnswers(answer: string, variants: readonly string[] | undefined): string[] {
  const main = answer.trim();
  const rest = [...new Set((variants ?? []).map((v) => v.trim()))].filter((v) => v !== "" && v !== main);
  return [main, ...rest];
}

/** Whether a save changes what is accepted (so recorded attempts may need a re-grade). */
export function answersChanged(
  challenge: Pick<AdminChallenge, "answer" | "answerVariants">,
  next: { answer: string; answerVariants?: readonly string[] },
): boolean {
  const before = acceptedAnswers(challenge.answer, challenge.answerVariants);
  const after = acceptedAnswers(next.answer, next.answerVariants);
  return before.length !== after.length || before.some((a, i) => a !== after[i]);
}

/** The variants field: one accepted answer a line. */
export const variantsFromText = (text: string): string[] => text.split("\n");
export const variantsToText = (variants: readonly string[] | undefined): string => (variants ?? []).join("\n");
