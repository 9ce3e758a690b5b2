import type {
  ChallengeAnswer,
  ChallengeDayAnswer,
  ChallengeType,
  ChallengeUnlockedEvent,
  ChallengeWonEvent,
} from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";

/**
 * Where the challenges live in the query cache, and how the `challenges` room's messages are
 * written into it. One challenge may sit in several answers (a day, its list, its own page).
 */
export const challengeKeys = {
  all: () => ["challenges"] as const,
  /** One calendar day; `null` is today at the server's time. */
  day: (date: string | null) => ["challenges", "day", date ?? "today"] as const,
  days: () => ["challenges", "day"] as const,
  list: (type: ChallengeType) => ["challenges", "list", type] as const,
  detail: (type: ChallengeType, slug: string) => ["challenges", "detail", type, slug] as const,
};

/** The API's folder of each kind: a task is a trial in the routes. */
export const challengeApiBase: Record<ChallengeType, string> = { puzzle: "/api/puzzles", task: "/api/trials" };

type Ref = Pick<ChallengeAnswer, "type" | "urlSlug">;

function isSame(a: Ref, b: Ref): boolean {
  return a.type === b.type && a.urlSlug === b.urlSlug;
}

/** Applies `change` to one challenge wherever it is held. */
function updateChallengeEverywhere(client: QueryClient, ref: Ref, change: (c: ChallengeAnswer) => ChallengeAnswer) {
  client.setQueriesData<ChallengeDayAnswer>({ queryKey: challengeKeys.days() }, (day) =>
    day?.challenge && isSame(day.challenge, ref) ? { ...day, challenge: change(day.challenge) } : day,
  );
  client.setQueryData<ChallengeAnswer[]>(challengeKeys.list(ref.type), (list) =>
    list?.map((one) => (isSame(one, ref) ? change(one) : one)),
  );
  client.setQueryData<ChallengeAnswer>(challengeKeys.detail(ref.type, ref.urlSlug), (one) => (one ? change(one) : one));
}

/**
 * `challenge:won`: the last winner slot was taken. Held copies close at once for those who have
 * not answered; the member's own attempt is untouched (a winner stays 'Completed!').
 */
export function applyChallengeWon(client: QueryClient, event: ChallengeWonEvent): void {
  updateChallengeEverywhere(client, event, (c) => ({
    ...c,
    won: true,
    winnersLeft: c.winnersLeft === null ? null : 0,
  }));
  // A read still in flight was answered before the slot was taken (the message leaves after the
  // commit): left alone, it would land after this change and re-open the form. It is asked again,
  // now after the commit; the copies at rest are not (no crowd of reads at the last slot).
  void client.refetchQueries({
    queryKey: challengeKeys.all(),
    predicate: (query) => query.state.fetchStatus === "fetching",
  });
}

/**
 * `challenge:unlocked`: a new day began. Its content is not in the message (only the server's
 * answer says what this member may see), so the days and lists are asked for again; yesterday's
 * challenge closes with it.
 */
export function applyChallengeUnlocked(client: QueryClient, _event: ChallengeUnlockedEvent): void {
  void client.invalidateQueries({ queryKey: challengeKeys.days() });
  void client.invalidateQueries({ queryKey: ["challenges", "list"] });
  void client.invalidateQueries({ queryKey: ["challenges", "detail"] });
}

/** After an answer: the member's attempt, the day and the lists again (spec section 7). */
export function refreshAfterAnswer(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: challengeKeys.all() });
}
