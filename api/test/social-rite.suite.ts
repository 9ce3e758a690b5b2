import { SOCIAL_CODE_ALPHABET, SPECIAL_TRIAL_SLUGS } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { entryBySlug } from "./support/challenges";

type Json = Record<string, unknown>;
type Processed = {
  summary: { processed: number; awarded: number; alreadyCompleted: number; notFound: number };
  errors: unknown[];
  details: { code: string; email: string | null; status: string; credits: number }[];
};

const CODE = new RegExp(`^[${SOCIAL_CODE_ALPHABET}]{1,20}$`);

/** The social rite (issue 10 item 7), through HTTP, once per runtime. */
export function socialRiteSuite(kind: RuntimeKind): void {
  describe(`the social rite: codes and their processing (${kind})`, () => {
    let t: TestApp;
    let admin: Client;
    const trial = entryBySlug(SPECIAL_TRIAL_SLUGS.social);
    beforeAll(async () => {
      t = await startTestApp(kind);
      await t.runtime.seeds.seedChallenges();
      t.clock.set(new Date("2025-11-12T20:00:00Z"));
      admin = new Client(t.baseUrl);
      await admin.signIn(t, "admin@test.example", undefined, { gate: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    const member = (email = uniqueEmail("rite")) => signedIn(t, { email, gate: false });
    const myCode = async (c: Client) =>
      (await c.get<{ code: string; completed: boolean }>("/api/social-rite/my-code")).body;
    const process = (codes: string[]) =>
      admin.post<Processed & Json>("/api/admin/social-rite/process-codes", { codes });
    const balance = async (c: Client) => (await c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance;

    it("answers anonymous callers 401 and members 403 on the operator's call", async () => {
      const anonymous = new Client(t.baseUrl);
      expect((await anonymous.get("/api/social-rite/my-code")).status).toBe(401);
      expect((await anonymous.post("/api/admin/social-rite/process-codes", { codes: ["ABC"] })).status).toBe(401);
      const { c } = await member();
      expect((await c.post("/api/admin/social-rite/process-codes", { codes: ["ABC"] })).status).toBe(403);
    });

    it("makes each member one unambiguous code on first request, the same for parallel first requests", async () => {
      const { c } = await member();
      const codes = await Promise.all(Array.from({ length: 10 }, () => myCode(c)));
      expect(new Set(codes.map((x) => x.code)).size).toBe(1);
      expect(codes[0]?.code).toMatch(CODE);
      expect(codes[0]?.completed).toBe(false);
      expect((await myCode(c)).code).toBe(codes[0]?.code);
      expect((await myCode((await member()).c)).code).not.toBe(codes[0]?.code);
    });

    it("refuses an empty list with 'Please enter some codes to process'", async () => {
      for (const codes of [[], ["", "  ", "\n"]]) {
        const answer = await process(codes);
        expect([answer.status, answer.body.message]).toEqual([400, "Please enter some codes to process"]);
      }
    });

    it("refuses a list with no code left after cleanup with 'Could not extract any valid codes from the input'", async () => {
      const answer = await process([",", " , ,"]);
      expect([answer.status, answer.body.message]).toEqual([400, "Could not extract any valid codes from the input"]);
    });

    it("upper-cases and deduplicates the codes, answers each success / already_completed / not_found, and credits once", async () => {
      const a = await member();
      const b = await member();
      const codeA = (await myCode(a.c)).code;
      const codeB = (await myCode(b.c)).code;
      const first = await process([`${codeA.toLowerCase()}, ${codeA}`, `\n${codeB}`, "NOSUCHCODE"]);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        summary: { processed: 3, awarded: 2, alreadyCompleted: 0, notFound: 1 },
        errors: [],
        details: [
          { code: codeA, email: a.email, status: "success", credits: trial.credits },
          { code: codeB, email: b.email, status: "success", credits: trial.credits },
          { code: "NOSUCHCODE", email: null, status: "not_found", credits: 0 },
        ],
      });
      expect(await balance(a.c)).toBe(`${trial.credits}.00`);
      expect(await myCode(a.c)).toEqual({ code: codeA, completed: true });
      expect((await a.c.get<{ trialIds: number[] }>("/api/completions")).body.trialIds).toEqual([trial.id]);

      const again = await process([codeA]);
      expect(again.body.summary).toEqual({ processed: 1, awarded: 0, alreadyCompleted: 1, notFound: 0 });
      expect(again.body.details).toEqual([{ code: codeA, email: a.email, status: "already_completed", credits: 0 }]);
      expect(await balance(a.c)).toBe(`${trial.credits}.00`);
    });

    it("credits each member once when the same batch is processed twice concurrently", async () => {
      const members = await Promise.all(Array.from({ length: 5 }, () => member()));
      const codes = await Promise.all(members.map(async (m) => (await myCode(m.c)).code));
      const [one, two] = await Promise.all([process(codes), process(codes)]);
      expect([one?.status, two?.status]).toEqual([200, 200]);
      expect((one?.body.summary.awarded ?? 0) + (two?.body.summary.awarded ?? 0)).toBe(5);
      expect((one?.body.summary.alreadyCompleted ?? 0) + (two?.body.summary.alreadyCompleted ?? 0)).toBe(5);
      for (const m of members) expect(await balance(m.c)).toBe(`${trial.credits}.00`);
      const [row] = await t.runtime.db.dataSource.query(
        `SELECT count(*)::int AS n FROM credit_ledger l JOIN users u ON u.id = l.user_id
          WHERE u.email = ANY($1::text[]) AND l.kind = 'trial'`,
        [members.map((m) => m.email)],
      );
      expect(row.n).toBe(5);
    });
  });
}
