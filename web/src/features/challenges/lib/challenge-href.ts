import type { ChallengeAnswer } from "@bm/shared";
import { paths } from "../../../config/paths";

/** A challenge's own page: the subscriber's favour and the covenant have pages of their own. */
export function challengeHref(challenge: Pick<ChallengeAnswer, "type" | "urlSlug" | "answerKind">): string {
  if (challenge.answerKind === "subscriber") return paths.subscribersFavor.href();
  if (challenge.answerKind === "covenant") return paths.covenant.href();
  return challenge.type === "puzzle" ? paths.puzzle.href(challenge.urlSlug) : paths.task.href(challenge.urlSlug);
}
