import type { ChallengeAnswer, ChallengeDayAnswer } from "@bm/shared";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../lib/query-client";
import { challenge, day } from "../testing/challenge-fixture";
import { applyChallengeUnlocked, applyChallengeWon, challengeKeys } from "./challenge-cache";

const covenant = challenge({ id: 9, type: "task", urlSlug: "4931eb8e90", maxWinners: 1, winnersLeft: 1 });
const wonEvent = { type: "task" as const, id: 9, urlSlug: "4931eb8e90", date: covenant.date, won: true as const };

describe("challenge messages into the cache", () => {
  it("closes a challenge to others wherever it is held when its last winner slot is taken", () => {
    const client = createQueryClient();
    client.setQueryData(challengeKeys.day(null), day({ challenge: covenant }));
    client.setQueryData(challengeKeys.list("task"), [covenant, challenge({ id: 10, type: "task", urlSlug: "other" })]);
    client.setQueryData(challengeKeys.detail("task", "4931eb8e90"), covenant);

    applyChallengeWon(client, wonEvent);

    expect(client.getQueryData<ChallengeDayAnswer>(challengeKeys.day(null))?.challenge).toMatchObject({
      won: true,
      winnersLeft: 0,
    });
    const list = client.getQueryData<ChallengeAnswer[]>(challengeKeys.list("task"));
    expect(list?.map((c) => c.won)).toEqual([true, false]);
    expect(client.getQueryData<ChallengeAnswer>(challengeKeys.detail("task", "4931eb8e90"))?.won).toBe(true);
  });

  it("asks again a read that was in flight when the slot was taken, so its older answer never re-opens the form", async () => {
    const client = createQueryClient();
    client.setQueryData(challengeKeys.day(null), day({ challenge: covenant }));
    // The server's state: the slot is taken between the first read's answer and its arrival.
    let taken = false;
    const answers: Array<() => void> = [];
    const read = () => {
      const answer = day({ challenge: { ...covenant, won: taken, winnersLeft: taken ? 0 : 1 } });
      return new Promise<ChallengeDayAnswer>((resolve) => answers.push(() => resolve(answer)));
    };
    const inFlight = client.fetchQuery({ queryKey: challengeKeys.day(null), queryFn: read, staleTime: 0 });
    taken = true;
    applyChallengeWon(client, wonEvent);
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(answers).toHaveLength(2); // the read was asked again, now after the commit
    answers.shift()?.(); // the older answer arrives after the message
    await settle();
    answers.shift()?.();
    await inFlight.catch(() => {});
    expect(client.getQueryData<ChallengeDayAnswer>(challengeKeys.day(null))?.challenge).toMatchObject({
      won: true,
      winnersLeft: 0,
    });
  });

  it("leaves a puzzle of the same slug alone", () => {
    const client = createQueryClient();
    const puzzle = challenge({ type: "puzzle", urlSlug: "4931eb8e90" });
    client.setQueryData(challengeKeys.list("puzzle"), [puzzle]);
    applyChallengeWon(client, wonEvent);
    expect(client.getQueryData<ChallengeAnswer[]>(challengeKeys.list("puzzle"))?.[0]?.won).toBe(false);
  });

  it("asks for the days and lists again when a challenge unlocks", () => {
    const client = createQueryClient();
    client.setQueryData(challengeKeys.day(null), day());
    client.setQueryData(challengeKeys.list("puzzle"), [challenge()]);
    applyChallengeUnlocked(client, {
      type: "puzzle",
      id: 4,
      urlSlug: "next",
      date: "2025-11-06",
      unlocksAt: "2025-11-06T18:00:00.000Z",
    });
    expect(client.getQueryState(challengeKeys.day(null))?.isInvalidated).toBe(true);
    expect(client.getQueryState(challengeKeys.list("puzzle"))?.isInvalidated).toBe(true);
  });
});
