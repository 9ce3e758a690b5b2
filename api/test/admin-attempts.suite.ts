import { addDays, currentChallengeDate, Messages } from "@bm/shared";
import { type AdminAttemptList, type RegradeApplied, RegradeMessages, type RegradePreview } from "@bm/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type RuntimeKind, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { createChallenge, quickMembers } from "./support/challenges";
import { openSocket, recordEvents, waitForEvent } from "./support/sockets";

type Json = Record<string, unknown>;

/**
 * The attempt log and fair re-grading (issue 17 items 5 and 6), through real HTTP on Postgres and
 * Redis: every verdict kept; a corrected answer's preview and its apply agree, in the attempts'
 * original time order, once whatever the parallel retries.
 */
export function attemptsSuite(kind: RuntimeKind): void {
  describe(`attempt log and fair re-grading (${kind})`, () => {
    let t: TestApp;
    let admin: Client;
    let staff: Client;
    let today: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      today = currentChallengeDate(t.clock.now());
      admin = new Client(t.baseUrl);
      await admin.signIn(t, "admin@test.example", undefined, { gate: false });
      staff = new Client(t.baseUrl);
      await staff.signIn(t, "staff@test.example", undefined, { gate: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    const db = () => t.runtime.db.dataSource;

    it("re-grades a 10-winner challenge with 40 attempts: preview and apply agree in original time order, once", async () => {
      // The operator typed "Mandrak Root"; the riddle's answer is "Mandrake Root" (or "Mandragora").
      const race = await createChallenge(t.runtime, {
        date: today,
        answer: "Mandrak Root",
        credits: 7,
        maxWinners: 10,
      });
      const members = await quickMembers(t, 40, "regrade");
      // The order they answer in is not the order they were created in (original time is what counts).
      const order = members.map((_, i) => (i * 17) % 40);
      const answerOf = (i: number) =>
        i < 3 ? "Mandrak Root" : i % 4 === 0 ? "Mandragora" : i % 5 === 0 ? "garlic" : "  Mandrake Root ";
      const sentAt = new Map<string, number>();
      for (const i of order) {
        const member = members[i];
        if (!member) throw new Error("no member");
        t.clock.advance(1000);
        const answer = await member.client.post<Json>(`/api/puzzles/${race.slug}/submit`, { answer: answerOf(i) });
        expect(answer.status).toBe(200);
        expect(answer.body.correct).toBe(i < 3);
        sentAt.set(member.id, t.clock.now().getTime());
      }
      const [{ winners }] = await db().query(
        `SELECT count(*)::int AS winners FROM puzzle_completions WHERE puzzle_id = $1`,
        [race.id],
      );
      expect(winners).toBe(3);

      const answers = { answer: " Mandrake Root ", answerVariants: ["Mandragora", "", "Mandrake Root"] };
      const preview = await admin.post<RegradePreview>(
        `/api/admin/challenges/puzzle/${race.id}/regrade/preview`,
        answers,
      );
      expect(preview.status).toBe(200);
      const p = preview.body;
      expect(p.answer).toBe("Mandrake Root");
      expect(p.answerVariants).toEqual(["Mandragora"]);
      expect([p.maxWinners, p.winnersSoFar, p.slotsLeft]).toEqual([10, 3, 7]);
      // Who becomes right: every member who typed either accepted answer, earliest first.
      const expected = members
        .map((m, i) => ({ id: m.id, i }))
        .filter(({ i }) => i >= 3 && answerOf(i) !== "garlic")
        .sort((a, b) => (sentAt.get(a.id) ?? 0) - (sentAt.get(b.id) ?? 0));
      expect(p.candidates.map((c) => c.member.id)).toEqual(expected.map((e) => e.id));
      const times = p.candidates.map((c) => Date.parse(c.attemptedAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(p.candidates.filter((c) => c.wins).map((c) => c.member.id)).toEqual(expected.slice(0, 7).map((e) => e.id));
      expect(p.candidates.map((c) => c.credits)).toEqual(p.candidates.map((c) => (c.wins ? 7 : 0)));
      // The preview moved nothing.
      const [{ answer: still }] = await db().query(`SELECT answer FROM puzzles WHERE id = $1`, [race.id]);
      expect(still).toBe("Mandrak Root");

      // A preview with a made-up fingerprint is refused, and so is one overtaken by a new attempt.
      const forged = await admin.post<Json>(`/api/admin/challenges/puzzle/${race.id}/regrade/apply`, {
        ...answers,
        fingerprint: "not-the-preview",
      });
      expect([forged.status, forged.body.message]).toEqual([409, RegradeMessages.stale]);
      const [late] = await quickMembers(t, 1, "late");
      t.clock.advance(1000);
      expect(
        (await late?.client.post<Json>(`/api/puzzles/${race.slug}/submit`, { answer: "Mandragora" }))?.status,
      ).toBe(200);
      const overtaken = await admin.post<Json>(`/api/admin/challenges/puzzle/${race.id}/regrade/apply`, {
        ...answers,
        fingerprint: p.fingerprint,
      });
      expect(overtaken.status).toBe(409);
      const fresh = (
        await admin.post<RegradePreview>(`/api/admin/challenges/puzzle/${race.id}/regrade/preview`, answers)
      ).body;
      expect(fresh.candidates.map((c) => c.member.id)).toEqual([...expected.map((e) => e.id), late?.id]);

      // The first newly right member's open page hears their new figures live once it applies.
      const first = members.find((m) => m.id === fresh.candidates[0]?.member.id);
      if (!first) throw new Error("no first candidate");
      const socket = await openSocket(t.baseUrl, first.client.cookie);
      const heard = recordEvents(socket);

      // Applied twice in parallel (a double click, a retry): one applies, the other finds its preview stale.
      const body = { ...answers, fingerprint: fresh.fingerprint };
      const both = await Promise.all([
        admin.post<RegradeApplied>(`/api/admin/challenges/puzzle/${race.id}/regrade/apply`, body),
        admin.post<RegradeApplied>(`/api/admin/challenges/puzzle/${race.id}/regrade/apply`, body),
      ]);
      expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
      const applied = both.find((a) => a.status === 200)?.body;
      expect([applied?.awarded, applied?.missed]).toEqual([7, fresh.candidates.length - 7]);
      expect(applied?.preview.candidates).toEqual(fresh.candidates);
      const credits = await waitForEvent(heard, (r) => r.event === "user:credits");
      expect(credits.payload.mpcBalance).toBe("7.00");
      socket.close();

      // The applied result is the preview's: the same seven, completed at their original attempt's time.
      const completions: { user_id: string; completed_at: Date }[] = await db().query(
        `SELECT user_id, completed_at FROM puzzle_completions WHERE puzzle_id = $1 ORDER BY completed_at, id`,
        [race.id],
      );
      expect(completions).toHaveLength(10);
      const regraded = fresh.candidates.filter((c) => c.wins);
      const byUser = new Map(completions.map((c) => [c.user_id, new Date(c.completed_at).toISOString()]));
      for (const c of regraded) expect(byUser.get(c.member.id)).toBe(c.attemptedAt);
      const ledger: { user_id: string; n: number; sum: string }[] = await db().query(
        `SELECT user_id, count(*)::int AS n, sum(amount)::text AS sum FROM credit_ledger
        WHERE kind = 'puzzle' AND source_id = $1 GROUP BY user_id`,
        [String(race.id)],
      );
      expect(ledger).toHaveLength(10);
      expect(ledger.every((l) => l.n === 1 && l.sum === "7.00")).toBe(true);
      const balances: { balance: string }[] = await db().query(
        `SELECT mpc_balance::text AS balance FROM users WHERE id = ANY($1)`,
        [regraded.map((c) => c.member.id)],
      );
      expect(balances.map((b) => b.balance)).toEqual(regraded.map(() => "7.00"));
      // A newly right member's failed attempt gave way to the completion; who missed out keeps theirs.
      const [{ failed }] = await db().query(
        `SELECT count(*)::int AS failed FROM puzzle_failed_attempts WHERE puzzle_id = $1 AND user_id = ANY($2)`,
        [race.id, regraded.map((c) => c.member.id)],
      );
      expect(failed).toBe(0);
      const [{ answer, answer_variants }] = await db().query(
        `SELECT answer, answer_variants FROM puzzles WHERE id = $1`,
        [race.id],
      );
      expect([answer, answer_variants]).toEqual(["Mandrake Root", ["Mandragora"]]);
      const [audit] = await db().query(
        `SELECT before, after FROM audit_log WHERE action = 'challenge.regraded' AND target_id = $1`,
        [String(race.id)],
      );
      expect(audit.before).toEqual({ answer: "Mandrak Root", answerVariants: [] });
      expect(audit.after.awarded.map((a: { userId: string }) => a.userId)).toEqual(regraded.map((c) => c.member.id));

      // Applying again changes nothing: the same fingerprint is stale, a new preview finds no one to win.
      const again = await admin.post<Json>(`/api/admin/challenges/puzzle/${race.id}/regrade/apply`, body);
      expect(again.status).toBe(409);
      const after = (
        await admin.post<RegradePreview>(`/api/admin/challenges/puzzle/${race.id}/regrade/preview`, answers)
      ).body;
      expect([after.slotsLeft, after.candidates.every((c) => !c.wins)]).toEqual([0, true]);

      const log = await admin.get<AdminAttemptList>(
        `/api/admin/attempts?type=puzzle&challengeId=${race.id}&verdict=regraded_right&pageSize=200`,
      );
      expect(log.body.items.map((a) => a.member.id).sort()).toEqual(regraded.map((c) => c.member.id).sort());
      console.info(
        `re-grade (${kind}): 40 attempts + 1 late, ${fresh.candidates.length} newly right, 7 slots left of 10 -> ${applied?.awarded} awarded in original time order, ${applied?.missed} missed; parallel applies ${both.map((a) => a.status).join("/")}`,
      );
    }, 120_000);

    it("the log keeps every verdict kind, rate limited included, with the answer and address", async () => {
      const one = await createChallenge(t.runtime, { date: today, answer: "Wormwood", credits: 3, maxWinners: 1 });
      const tomorrow = await createChallenge(t.runtime, { date: addDays(today, 1), answer: "Yew", credits: 3 });
      const [a, b, c, d] = await quickMembers(t, 4, "verdicts");
      if (!a || !b || !c || !d) throw new Error("no members");
      const submit = (m: Client, slug: string, answer: string) =>
        m.post<Json>(`/api/puzzles/${slug}/submit`, { answer });
      expect((await submit(b.client, one.slug, "Hemlock")).body.correct).toBe(false); // wrong
      expect((await submit(a.client, one.slug, "Wormwood")).body.correct).toBe(true); // right
      expect((await submit(a.client, one.slug, "Wormwood")).body.message).toBe(Messages.puzzleAttempted);
      expect((await submit(c.client, one.slug, "Wormwood")).body.message).toBe(Messages.closedByOthers);
      // Staff see tomorrow's puzzle, which does not take answers yet.
      expect((await submit(staff, tomorrow.slug, "Yew")).body.message).toBe(Messages.challengeNotOpen);
      // The submit limit: ten a minute; the eleventh is refused, and kept.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await submit(d.client, one.slug, `guess ${i}`)).status);
      expect(statuses.slice(-2)).toEqual([429, 429]);

      const list = await admin.get<AdminAttemptList>(
        `/api/admin/attempts?type=puzzle&challengeId=${one.id}&sort=at&order=asc&pageSize=200`,
      );
      expect(list.status).toBe(200);
      const rows = list.body.items;
      const verdictOf = (id: string) => rows.filter((r) => r.member.id === id).map((r) => r.verdict);
      expect(verdictOf(b.id)).toEqual(["wrong"]);
      expect(verdictOf(a.id)).toEqual(["right", "already_attempted"]);
      expect(verdictOf(c.id)).toEqual(["closed_by_others"]);
      // The member's ten allowed tries: slots were full, so each was 'closed by others'; one row for the flood.
      expect(verdictOf(d.id)).toEqual([...Array(10).fill("closed_by_others"), "rate_limited"]);
      const limited = rows.find((r) => r.verdict === "rate_limited");
      expect(limited).toMatchObject({
        answer: "guess 10",
        address: d.client.ip,
        challenge: { type: "puzzle", id: one.id },
      });
      expect(rows.find((r) => r.member.id === b.id)).toMatchObject({ answer: "Hemlock", address: b.client.ip });
      const notOpen = await admin.get<AdminAttemptList>(`/api/admin/attempts?challengeId=${tomorrow.id}&type=puzzle`);
      expect(notOpen.body.items.map((r) => [r.verdict, r.member.email])).toEqual([["not_open", "staff@test.example"]]);

      // Filters: verdict, member by e-mail part and by id; sorted by verdict.
      const byVerdict = await admin.get<AdminAttemptList>(`/api/admin/attempts?verdict=rate_limited&pageSize=200`);
      expect(byVerdict.body.items.every((r) => r.verdict === "rate_limited")).toBe(true);
      expect(byVerdict.body.total).toBeGreaterThanOrEqual(1);
      const byId = await admin.get<AdminAttemptList>(`/api/admin/attempts?member=${a.id}`);
      expect(byId.body.items.map((r) => r.verdict).sort()).toEqual(["already_attempted", "right"]);
      const email = byId.body.items[0]?.member.email ?? "";
      const byEmail = await admin.get<AdminAttemptList>(
        `/api/admin/attempts?member=${encodeURIComponent(email.slice(0, -5))}`,
      );
      expect(byEmail.body.total).toBe(2);
      const paged = await admin.get<AdminAttemptList>(
        `/api/admin/attempts?challengeId=${one.id}&type=puzzle&pageSize=3&page=2&sort=verdict&order=asc`,
      );
      expect([paged.body.page, paged.body.items.length, paged.body.total]).toEqual([2, 3, rows.length]);
      const sorted = [...rows.map((r) => r.verdict)].sort();
      expect(paged.body.items.map((r) => r.verdict)).toEqual(sorted.slice(3, 6));

      // The export follows the same filter and sort, every row, with a formula neutralised.
      expect((await submit(c.client, one.slug, "=HYPERLINK(1)")).body.message).toBe(Messages.closedByOthers);
      const csv = await admin.get(
        `/api/admin/exports/attempts.csv?type=puzzle&challengeId=${one.id}&sort=at&order=asc`,
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      const lines = String(csv.body.text).trim().split("\n");
      expect(lines[0]).toBe(
        "id,at,verdict,member_id,email,name,challenge_type,challenge_id,challenge,answer,address,regrade_of",
      );
      expect(lines).toHaveLength(rows.length + 2);
      expect(lines[1]).toContain(",wrong,");
      expect(lines[1]).toMatch(/^\d+,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,wrong,/);
      expect(lines.at(-1)).toContain("'=HYPERLINK(1)");
      expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="attempts-\d{4}-\d{2}-\d{2}\.csv"/);
    });

    it("answers are read by admins alone: the log and the re-grade refuse members and staff", async () => {
      const member = new Client(t.baseUrl);
      await member.signIn(t, uniqueEmail("curious"));
      const anonymous = new Client(t.baseUrl);
      const calls: [string, string, unknown][] = [
        ["GET", "/api/admin/attempts", undefined],
        ["POST", "/api/admin/challenges/puzzle/1/regrade/preview", { answer: "x" }],
        ["POST", "/api/admin/challenges/puzzle/1/regrade/apply", { answer: "x", fingerprint: "f" }],
      ];
      for (const [method, path, body] of calls) {
        const send = (c: Client) =>
          method === "GET" ? c.get<Json>(path) : c.post<Json>(path, body as Record<string, unknown>);
        expect((await send(anonymous)).status, path).toBe(401);
        expect((await send(member)).status, path).toBe(403);
        expect((await send(staff)).status, path).toBe(403);
      }
      const log = await admin.get<AdminAttemptList>(`/api/admin/attempts?verdict=wrong`);
      expect(log.body.items.some((r) => r.answer === "Hemlock")).toBe(true);
      // A member's own views of their attempts name no answer.
      const mine = await member.get<Json>("/api/failed-attempts");
      expect(JSON.stringify(mine.body)).not.toMatch(/Hemlock|Mandragora/);
      // Re-grading a challenge answered by an upload or nothing typed is refused with a reason.
      const typedOnly = await admin.post<Json>(`/api/admin/challenges/task/99999/regrade/preview`, { answer: "x" });
      expect(typedOnly.status).toBe(404);
    });
  });
}
