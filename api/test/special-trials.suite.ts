import {
  CONFESSION_MAX_LENGTH,
  challengeUnlocksAt,
  Messages,
  SPECIAL_TRIAL_SLUGS,
  SpecialTrialMessages,
} from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { entryBySlug } from "./support/challenges";
import { dataUrl, jpegBytes, pngBytes, webmBytes } from "./support/uploads";

type Json = Record<string, unknown>;
const MB = 1024 * 1024;

/** The oath, the covenant, the confession's limit and their uploads (issue 10 items 1-4), once per runtime. */
export function specialTrialsSuite(kind: RuntimeKind): void {
  describe(`the oath, the covenant and their uploads, through HTTP (${kind})`, () => {
    let t: TestApp;
    const oath = entryBySlug(SPECIAL_TRIAL_SLUGS.oath);
    const covenant = entryBySlug(SPECIAL_TRIAL_SLUGS.covenant);
    const confession = entryBySlug(SPECIAL_TRIAL_SLUGS.confession);
    let oathDate: string;
    let covenantDate: string;
    let confessionDate: string;

    beforeAll(async () => {
      t = await startTestApp(kind);
      await t.runtime.seeds.seedChallenges();
      const [o, c, f] = await t.runtime.db.dataSource
        .query(`SELECT url_slug, to_char(date, 'YYYY-MM-DD') AS date FROM trials WHERE url_slug = ANY($1)`, [
          [oath.urlSlug, covenant.urlSlug, confession.urlSlug],
        ])
        .then((rows: { url_slug: string; date: string }[]) =>
          [oath, covenant, confession].map((s) => rows.find((r) => r.url_slug === s.urlSlug)?.date ?? ""),
        );
      [oathDate, covenantDate, confessionDate] = [o ?? "", c ?? "", f ?? ""];
    });
    afterAll(async () => {
      await t?.close();
    });

    /** An hour after the day's 1 PM New York unlock: the day's entry is open. */
    const openDay = (date: string) => t.clock.set(new Date(challengeUnlocksAt(date).getTime() + 3600_000));
    const member = (email = uniqueEmail("soul")) => signedIn(t, { email, gate: false });
    const sealOath = (c: Client, body: Json) => c.post<Json>(`/api/trials/${oath.urlSlug}/oath`, body);
    const sealCovenant = (c: Client, body: Json) => c.post<Json>(`/api/trials/${covenant.urlSlug}/covenant`, body);
    const contract = (extra: Json = {}): Json => ({
      answer: "COMPLETE",
      contractName: "Morgana Vale",
      signature: dataUrl("image/png", pngBytes()),
      read: true,
      agree: true,
      ...extra,
    });
    const count = async (sql: string, params: unknown[]) =>
      ((await t.runtime.db.dataSource.query(sql, params)) as { n: number }[])[0]?.n;

    /** A refused submission leaves nothing: no upload, no completion, no ledger row, the attempt unspent. */
    async function nothingStored(c: Client, userId: string, slug: string): Promise<void> {
      expect(await count(`SELECT count(*)::int AS n FROM trial_uploads WHERE user_id = $1`, [userId])).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM trial_completions WHERE user_id = $1`, [userId])).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM trial_failed_attempts WHERE user_id = $1`, [userId])).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1`, [userId])).toBe(0);
      expect((await c.get<Json>(`/api/trials/${slug}/attempted`)).body).toEqual({ attempted: false });
    }

    it("seals the oath: COMPLETE and a webm recording earn its credits and keep the recording", async () => {
      openDay(oathDate);
      const { c, id } = await member();
      const audio = webmBytes(20_000);
      const answer = await sealOath(c, {
        answer: "COMPLETE",
        audioRecording: dataUrl("audio/webm;codecs=opus", audio),
      });
      expect([answer.status, answer.body]).toEqual([
        200,
        { success: true, credits: oath.credits, message: Messages.answerRight },
      ]);
      const rows = await t.runtime.db.dataSource.query(
        `SELECT kind, mime, size, sha256, octet_length(bytes)::int AS stored FROM trial_uploads WHERE user_id = $1`,
        [id],
      );
      expect(rows).toEqual([
        {
          kind: "oath_audio",
          mime: "audio/webm",
          size: audio.length,
          stored: audio.length,
          sha256: (await import("node:crypto")).createHash("sha256").update(audio).digest("hex"),
        },
      ]);
      expect((await c.get<Json>(`/api/trials/${oath.urlSlug}/attempted`)).body).toEqual({ attempted: true });
      const again = await sealOath(c, { answer: "COMPLETE", audioRecording: dataUrl("audio/webm", audio) });
      expect([again.status, again.body.message]).toEqual([409, Messages.trialAttempted]);
    });

    it("serves a stored upload to its owner and an admin, 404 to another member, 401 to anonymous", async () => {
      openDay(oathDate);
      const owner = await member();
      const audio = webmBytes(3000);
      expect(
        (await sealOath(owner.c, { answer: "COMPLETE", audioRecording: dataUrl("audio/webm", audio) })).status,
      ).toBe(200);
      const [{ id }] = await t.runtime.db.dataSource.query(`SELECT id FROM trial_uploads WHERE user_id = $1`, [
        owner.id,
      ]);
      const path = `/api/trials/uploads/${id}`;
      const mine = await fetch(t.baseUrl + path, { headers: { cookie: owner.c.cookie } });
      expect(mine.status).toBe(200);
      expect(Buffer.from(await mine.arrayBuffer()).equals(audio)).toBe(true);
      expect(mine.headers.get("content-type")).toBe("audio/webm");
      expect(mine.headers.get("cache-control")).toBe("private, no-store");
      expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
      expect(mine.headers.get("content-disposition")).toMatch(/^attachment/);
      expect(mine.headers.get("content-security-policy")).toContain("sandbox");

      const admin = await member("admin@test.example");
      const read = await fetch(t.baseUrl + path, { headers: { cookie: admin.c.cookie } });
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer()).equals(audio)).toBe(true);

      const other = await member();
      expect((await other.c.get<Json>(`/api/trials/${oath.urlSlug}/uploads`)).body).toEqual({ uploads: [] });
      const refused = await other.c.get<Json>(path);
      expect([refused.status, refused.body.message]).toEqual([404, Messages.notFound]);
      expect((await other.c.get<Json>(`/api/trials/uploads/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await other.c.get<Json>("/api/trials/uploads/1")).status).toBe(404);
      expect((await new Client(t.baseUrl).get<Json>(path)).status).toBe(401);
    });

    it("refuses an oath whose answer is not COMPLETE, and one without a recording", async () => {
      openDay(oathDate);
      const { c, id } = await member();
      const wrong = await sealOath(c, { answer: "I swear", audioRecording: dataUrl("audio/webm", webmBytes()) });
      expect([wrong.status, wrong.body.message]).toEqual([400, SpecialTrialMessages.oathAnswer]);
      const none = await sealOath(c, { answer: "COMPLETE", audioRecording: "" });
      expect([none.status, none.body.message]).toEqual([400, SpecialTrialMessages.oathMissing]);
      await nothingStored(c, id, oath.urlSlug);
    });

    it("refuses a PNG renamed audio/webm, and a recording declared as another type", async () => {
      openDay(oathDate);
      const { c, id } = await member();
      const renamed = await sealOath(c, { answer: "COMPLETE", audioRecording: dataUrl("audio/webm", pngBytes()) });
      expect([renamed.status, renamed.body.message]).toEqual([400, SpecialTrialMessages.oathNotWebm]);
      const declared = await sealOath(c, { answer: "COMPLETE", audioRecording: dataUrl("video/mp4", webmBytes()) });
      expect([declared.status, declared.body.message]).toEqual([400, SpecialTrialMessages.oathNotWebm]);
      await nothingStored(c, id, oath.urlSlug);
    });

    it("refuses a 6 MB recording with 413 and a message, and one just over 5 MB with the oath's message", async () => {
      openDay(oathDate);
      const { c, id } = await member();
      const huge = await sealOath(c, { answer: "COMPLETE", audioRecording: dataUrl("audio/webm", webmBytes(6 * MB)) });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe(Messages.tooLarge);
      const over = await sealOath(c, {
        answer: "COMPLETE",
        audioRecording: dataUrl("audio/webm", webmBytes(5 * MB + 1)),
      });
      expect([over.status, over.body.message]).toEqual([413, SpecialTrialMessages.oathTooLarge]);
      await nothingStored(c, id, oath.urlSlug);
    });

    it("refuses a truncated or malformed data URL with 400 and a message", async () => {
      openDay(oathDate);
      const { c, id } = await member();
      const full = dataUrl("audio/webm", webmBytes(999));
      for (const audioRecording of [
        full.slice(0, full.length - 3), // cut mid-quantum
        "data:audio/webm;base64,", // empty
        "data:audio/webm;base64,GkXfo@@@", // not base64
        "data:audio/webm;base64,GkXfow=a", // padding inside
        "audio/webm;base64,GkXfo59C", // no data: scheme
        "data:audio/webm,GkXfo59C", // not base64-encoded
      ]) {
        const answer = await sealOath(c, { answer: "COMPLETE", audioRecording });
        expect([answer.status, answer.body.message]).toEqual([400, SpecialTrialMessages.malformedUpload]);
      }
      await nothingStored(c, id, oath.urlSlug);
      // Cut on a 4-character boundary it still decodes: the PNG's missing end tells.
      openDay(covenantDate);
      const png = dataUrl("image/png", pngBytes(8, 8));
      const cut = await sealCovenant(c, contract({ signature: png.slice(0, png.length - 24) }));
      expect([cut.status, cut.body.message]).toEqual([400, SpecialTrialMessages.truncatedUpload]);
      await nothingStored(c, id, covenant.urlSlug);
    });

    it("refuses the covenant without a name: 'You must sign your name to seal the contract.'", async () => {
      openDay(covenantDate);
      const { c, id } = await member();
      for (const contractName of ["", "   "]) {
        const answer = await sealCovenant(c, contract({ contractName }));
        expect([answer.status, answer.body.message]).toEqual([400, SpecialTrialMessages.nameRequired]);
      }
      await nothingStored(c, id, covenant.urlSlug);
    });

    it("refuses the covenant without a signature ('Signature Required')", async () => {
      openDay(covenantDate);
      const { c, id } = await member();
      for (const signature of ["", undefined]) {
        const answer = await sealCovenant(c, contract({ signature }));
        expect([answer.status, answer.body.message]).toEqual([400, SpecialTrialMessages.signatureRequired]);
      }
      await nothingStored(c, id, covenant.urlSlug);
    });

    it("refuses a signature that is not an image: 'Please upload an image file for your signature.'", async () => {
      openDay(covenantDate);
      const { c, id } = await member();
      const text = Buffer.from("I am not a picture, only words pretending to be one.\n");
      for (const signature of [
        dataUrl("image/png", text), // a text file declared image/png
        dataUrl("text/plain", pngBytes()), // a PNG declared text
        dataUrl("image/png", jpegBytes()), // a JPEG declared PNG
        dataUrl("image/png", webmBytes()), // audio declared PNG
      ]) {
        const answer = await sealCovenant(c, contract({ signature }));
        expect([answer.status, answer.body.message]).toEqual([400, SpecialTrialMessages.invalidFile]);
      }
      const big = await sealCovenant(c, contract({ signature: dataUrl("image/png", Buffer.alloc(2 * MB + 10, 1)) }));
      expect([big.status, big.body.message]).toEqual([413, SpecialTrialMessages.signatureTooLarge]);
      await nothingStored(c, id, covenant.urlSlug);
    });

    it("refuses the covenant unless both terms are ticked: 'You must read and agree to all terms...'", async () => {
      openDay(covenantDate);
      const { c, id } = await member();
      for (const boxes of [{ read: false }, { agree: false }, { read: undefined }, { read: false, agree: false }]) {
        const answer = await sealCovenant(c, contract(boxes));
        expect([answer.status, answer.body.message]).toEqual([400, SpecialTrialMessages.incomplete]);
      }
      await nothingStored(c, id, covenant.urlSlug);
    });

    it("answers each call only for its own trial, and refuses both on the common submit call", async () => {
      openDay(covenantDate);
      const { c, id } = await member();
      const viaOath = await c.post<Json>(`/api/trials/${covenant.urlSlug}/oath`, {
        answer: "COMPLETE",
        audioRecording: dataUrl("audio/webm", webmBytes()),
      });
      expect([viaOath.status, viaOath.body.message]).toEqual([400, "This trial is not answered this way"]);
      const common = await c.post<Json>(`/api/trials/${covenant.urlSlug}/submit`, { answer: "COMPLETE" });
      expect([common.status, common.body.message]).toEqual([400, "This trial is answered on its own page"]);
      await nothingStored(c, id, covenant.urlSlug);
      // Before the oath's unlock its call answers as for every challenge not yet shown to members.
      t.clock.set(new Date(challengeUnlocksAt(oathDate).getTime() - 3600_000));
      const early = await sealOath(c, { answer: "COMPLETE", audioRecording: dataUrl("audio/webm", webmBytes()) });
      expect([early.status, early.body.message]).toEqual([404, Messages.trialNotFound]);
      openDay(covenantDate);
      await nothingStored(c, id, oath.urlSlug);
    });

    it("seals the covenant for one soul only: 200 credits, the signature and name kept; the next is closed out", async () => {
      openDay(covenantDate);
      const first = await member();
      const sealed = await sealCovenant(first.c, contract({ signature: dataUrl("image/jpeg", jpegBytes()) }));
      expect([sealed.status, sealed.body]).toEqual([
        200,
        { success: true, credits: 200, message: Messages.answerRight },
      ]);
      expect((await first.c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance).toBe("200.00");
      const rows = await t.runtime.db.dataSource.query(
        `SELECT kind, mime, caption FROM trial_uploads WHERE user_id = $1`,
        [first.id],
      );
      expect(rows).toEqual([{ kind: "signature", mime: "image/jpeg", caption: "Morgana Vale" }]);

      const second = await member();
      const late = await sealCovenant(second.c, contract());
      expect([late.status, late.body.message]).toEqual([409, Messages.closedByOthers]);
      expect((await second.c.get<Json>(`/api/trials/${covenant.urlSlug}/won`)).body).toEqual({ won: true });
      await nothingStored(second.c, second.id, covenant.urlSlug);
    });

    it(`refuses a confession over ${CONFESSION_MAX_LENGTH} characters with a clear message`, async () => {
      openDay(confessionDate);
      const { c, id } = await member();
      const answer = await c.post<Json>(`/api/trials/${confession.urlSlug}/submit`, {
        confession: "x".repeat(CONFESSION_MAX_LENGTH + 1),
      });
      expect([answer.status, answer.body.message]).toEqual([
        400,
        `Your confession may be at most ${CONFESSION_MAX_LENGTH} characters`,
      ]);
      const blank = await c.post<Json>(`/api/trials/${confession.urlSlug}/submit`, { confession: "   " });
      expect([blank.status, blank.body.message]).toEqual([400, "Please write your confession"]);
      await nothingStored(c, id, confession.urlSlug);
    });
  });
}
