import { challengeUnlocksAt, Messages, SPECIAL_TRIAL_SLUGS } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { served, startTestApp, type TestApp } from "./helpers";
import { quickMembers } from "./support/challenges";
import { dataUrl, pngBytes } from "./support/uploads";

type Json = Record<string, unknown>;

/** The Covenant of One under a crowd, on Postgres and Redis through real HTTP: one soul wins. */
describe("the covenant raced (distributed)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed");
    await t.runtime.seeds.seedChallenges();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("200 members seal valid contracts at once: exactly one winner, one ledger row of 200, one signature", async () => {
    const db = t.runtime.db.dataSource;
    const [{ id, date }] = await db.query(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date FROM trials WHERE url_slug = $1`,
      [SPECIAL_TRIAL_SLUGS.covenant],
    );
    t.clock.set(new Date(challengeUnlocksAt(date).getTime() + 3600_000));
    const members = await quickMembers(t, 200, "covenanter");
    const signature = dataUrl("image/png", pngBytes(40, 20));
    const answers = await Promise.all(
      members.map(({ client }, i) =>
        served(() =>
          client.post<Json>(`/api/trials/${SPECIAL_TRIAL_SLUGS.covenant}/covenant`, {
            answer: "COMPLETE",
            contractName: `Soul ${i}`,
            signature,
            read: true,
            agree: true,
          }),
        ),
      ),
    );
    const tally = answers.reduce<Record<string, number>>((acc, a) => {
      const key =
        a.status === 200 && a.body.success === true
          ? "winner"
          : a.status === 409 && a.body.message === Messages.closedByOthers
            ? "closed"
            : `error ${a.status} ${String(a.body.message)}`;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});
    expect(tally).toEqual({ winner: 1, closed: 199 });
    const one = async (sql: string) => (await db.query(sql, [id]))[0];
    expect(await one(`SELECT count(*)::int AS n FROM trial_completions WHERE trial_id = $1`)).toEqual({ n: 1 });
    expect(await one(`SELECT count(*)::int AS n FROM trial_failed_attempts WHERE trial_id = $1`)).toEqual({ n: 0 });
    expect(await one(`SELECT count(*)::int AS n FROM trial_uploads WHERE trial_id = $1`)).toEqual({ n: 1 });
    expect(
      await db.query(`SELECT amount::text AS amount FROM credit_ledger WHERE kind = 'trial' AND source_id = $1::text`, [
        id,
      ]),
    ).toEqual([{ amount: "200.00" }]);
    const [winner] = await db.query(
      `SELECT c.user_id = u.user_id AS same FROM trial_completions c JOIN trial_uploads u ON u.trial_id = c.trial_id WHERE c.trial_id = $1`,
      [id],
    );
    expect(winner).toEqual({ same: true });
  }, 120_000);
});
