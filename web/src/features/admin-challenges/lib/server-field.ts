import { AdminMessages } from "@bm/shared/admin";
import { ApiError } from "../../../lib/api";

/** The form's fields a refusal can be about. */
export type ChallengeField = "title" | "description" | "answer" | "credits" | "date" | "maxWinners" | "imageUrl";

/** Which field a server message speaks of: its exact words first, then the field it names. */
const FIELD_RULES: ReadonlyArray<[ChallengeField, (message: string) => boolean]> = [
  [
    "title",
    (m) =>
      m === AdminMessages.titleRequired ||
      m === AdminMessages.titleWithoutSlug ||
      /^Another (puzzle|trial) already lives at/.test(m) ||
      /\btitle\b/i.test(m),
  ],
  ["description", (m) => m === AdminMessages.descriptionRequired || /\bdescription\b/i.test(m)],
  ["answer", (m) => m === AdminMessages.answerRequired || /\banswer\b/i.test(m)],
  ["credits", (m) => m === AdminMessages.creditsWhole || /^credits\b/i.test(m)],
  ["date", (m) => m === AdminMessages.dateInvalid || /^date\b/i.test(m)],
  ["maxWinners", (m) => m === AdminMessages.maxWinnersPositive || /^max winners\b/i.test(m)],
  ["imageUrl", (m) => m === AdminMessages.imageInvalid || m === AdminMessages.imageTooLarge || /\bimage\b/i.test(m)],
];

/**
 * A save refused for one field (400, or 409 for a taken address; 413 when the picture made the
 * body too large): the field and the server's words, to show at the field. Null otherwise.
 */
export function refusedField(error: unknown): { field: ChallengeField; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413) return { field: "imageUrl", message: AdminMessages.imageTooLarge };
  if (error.status !== 400 && error.status !== 409) return null;
  const rule = FIELD_RULES.find(([, matches]) => matches(error.message));
  return rule ? { field: rule[0], message: error.message } : null;
}
