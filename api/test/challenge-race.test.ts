import { currentChallengeDate, Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { served, startTestApp, type TestApp } from "./helpers";
import { createChallenge, quickMembers } from "./support/challenges";

type Json = Record<string, unknown>;

/**
 * The winner slots and the one attempt under a crowd, through real HTTP on Postgres and Redis. The
 * crowd's clients share the node's process and this machine's cores: the node's load shedding on
 * event-loop lag is set out of the way here (what is measured is who wins, not how fast a starved
 * loop answers). The race's challenge is the calendar's latest entry, open now.
 */
describe("challenge races (distributed)", () => {
  let t: TestApp;
  let today: string;
  beforeAll(async () => {
    t = await startTestApp("distributed");
    today = currentChallengeDate(t.clock.now());
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = (statuses: string[]) =>
    statuses.reduce<Record<string, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {});

  it("1,000 members send the right answer at once to a challenge with maxWinners 10: exactly 10 win", async () => {
    const race = await createChallenge(t.runtime, { date: today, answer: "Mandrake Root", credits: 7, maxWinners: 10 });
    const members = await quickMembers(t, 1000, "racer");

    const started = performance.now();
    const answers = await Promise.all(
      members.map(({ client }) =>
        served(() => client.post<Json>(`/api/puzzles/${race.slug}/submit`, { answer: "Mandrake Root" })).catch(
          (error: Error) => ({
            status: 0,
            shed: 0,
            body: { message: `${error.message} ${String((error.cause as Error | undefined)?.message ?? "")}` } as Json,
          }),
        ),
      ),
    );
    const shed = answers.reduce((sum, a) => sum + a.shed, 0);
    const ms = Math.round(performance.now() - started);

    const outcome = answers.map((a) =>
      a.status === 200 && a.body.correct === true
        ? "winner"
        : a.status === 409 && a.body.message === Messages.closedByOthers
          ? "closed"
          : `error ${a.status} ${String(a.body.message)}`,
    );
    const tally = counts(outcome);
    const db = t.runtime.db.dataSource;
    const [{ completions }] = await db.query(
      `SELECT count(*)::int AS completions FROM puzzle_completions WHERE puzzle_id = $1`,
      [race.id],
    );
    const [{ ledger }] = await db.query(
      `SELECT count(*)::int AS ledger FROM credit_ledger WHERE kind = 'puzzle' AND source_id = $1`,
      [String(race.id)],
    );
    const [{ failed }] = await db.query(
      `SELECT count(*)::int AS failed FROM puzzle_failed_attempts WHERE puzzle_id = $1`,
      [race.id],
    );
    const errors = answers.length - (tally.winner ?? 0) - (tally.closed ?? 0);
    console.info(
      `maxWinners race: 1000 right answers in ${ms} ms -> ${tally.winner ?? 0} winners, ${tally.closed ?? 0} 'closed by others', ${errors} errors (${shed} shed and sent again); ${completions} completions, ${ledger} ledger rows`,
    );

    expect(tally).toEqual({ winner: 10, closed: 990 });
    expect([completions, ledger, failed]).toEqual([10, 10, 0]);
    // The attempt log keeps every answer: the crowd's refusals too, written a batch at a time.
    const logged: { verdict: string; n: number }[] = await db.query(
      `SELECT verdict, count(*)::int AS n FROM challenge_attempts WHERE challenge_type = 'puzzle' AND challenge_id = $1
        GROUP BY verdict ORDER BY verdict`,
      [race.id],
    );
    expect(logged).toEqual([
      { verdict: "closed_by_others", n: 990 },
      { verdict: "right", n: 10 },
    ]);
    const [{ sum }] = await db.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS sum FROM credit_ledger WHERE kind = 'puzzle' AND source_id = $1`,
      [String(race.id)],
    );
    expect(sum).toBe("70.00");
    const winners = await db.query(
      `SELECT u.mpc_balance::text AS balance FROM puzzle_completions c JOIN users u ON u.id = c.user_id WHERE c.puzzle_id = $1`,
      [race.id],
    );
    expect(winners.map((w: { balance: string }) => w.balance)).toEqual(Array(10).fill("7.00"));
  }, 120_000);

  it("50 parallel submissions by one member count one attempt", async () => {
    const target = await createChallenge(t.runtime, { type: "trial", date: today, answer: "Hemlock", credits: 5 });
    const [member] = await quickMembers(t, 1, "eager");
    if (!member) throw new Error("no member");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        member.client.post<Json>(`/api/trials/${target.slug}/submit`, { answer: i % 2 ? "Hemlock" : "Yew" }),
      ),
    );
    const tally = counts(answers.map((a) => `${a.status}`));
    console.info(`one member, 50 parallel submissions: ${JSON.stringify(tally)}`);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 409, 429].includes(a.status))).toBe(true);
    const db = t.runtime.db.dataSource;
    const [{ n }] = await db.query(
      `SELECT (SELECT count(*) FROM trial_completions WHERE trial_id = $1 AND user_id = $2)::int
            + (SELECT count(*) FROM trial_failed_attempts WHERE trial_id = $1 AND user_id = $2)::int AS n`,
      [target.id, member.id],
    );
    expect(n).toBe(1);
    const [{ rows }] = await db.query(
      `SELECT count(*)::int AS rows FROM credit_ledger WHERE user_id = $1 AND kind = 'trial'`,
      [member.id],
    );
    const won = answers.find((a) => a.status === 200)?.body.correct === true;
    expect(rows).toBe(won ? 1 : 0);
    expect((await member.client.get<Json>(`/api/trials/${target.slug}/attempted`)).body).toEqual({ attempted: true });
  }, 30_000);
});
