import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, signedIn, startTestApp, type TestApp } from "./helpers";

type Json = Record<string, unknown>;
const NUL = String.fromCharCode(0);
const LONE = "\ud800";

/**
 * No input ever gets a 500 (issue 30): a NUL (which Postgres cannot keep in text) or a lone
 * surrogate in any free-text field is refused with 400 naming the field, and nothing is stored.
 * Before, the credit adjustment's reason and note, the suspension's reason, the banner and the
 * void's reason each answered 500 ("invalid byte sequence for encoding UTF8: 0x00").
 */
describe("text Postgres cannot store is refused, never a 500", () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestApp("distributed");
    admin = new Client(t.baseUrl);
    await admin.signIn(t, "admin@test.example", undefined, { gate: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: string) =>
    Number((await t.runtime.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  it("refuses NUL and a lone surrogate in each free-text field of the operator's writes, storing nothing", async () => {
    const member = await signedIn(t, { label: "target", credits: 20 });
    const lot = await createLot(t.runtime);
    const placed = await member.c.post<{ bid: { id: number } }>(`/api/auction-lots/${lot.id}/bid`, { amount: 10 });
    const bidId = placed.body.bid.id;
    const cases: [string, string, Json, string][] = [
      [
        "credit adjustment's reason",
        `/api/admin/members/${member.id}/credit-adjustments`,
        { amount: 5, reason: `bad${NUL}` },
        "reason",
      ],
      [
        "credit adjustment's note",
        `/api/admin/members/${member.id}/credit-adjustments`,
        { amount: 5, reason: "goodwill", note: `x${NUL}y` },
        "note",
      ],
      [
        "suspension's reason",
        `/api/admin/members/${member.id}/suspension`,
        { reason: `a${NUL}`, voidLeadingBids: false },
        "reason",
      ],
      ["banner", "/api/admin/broadcast", { message: `closing${NUL}` }, "message"],
      ["void's reason", `/api/admin/bids/${bidId}/void`, { reason: `shill${NUL}` }, "reason"],
      ["a lone surrogate", "/api/admin/broadcast", { message: `half ${LONE} a pair` }, "message"],
    ];
    const before = await Promise.all(["credit_adjustments", "suspensions", "audit_log"].map(count));
    const banner = (await t.runtime.house.banner()).message;
    for (const [what, path, body, field] of cases) {
      const answer = await admin.post<Json>(path, body);
      expect({ what, status: answer.status, code: answer.body.code }).toEqual({
        what,
        status: 400,
        code: "VALIDATION",
      });
      expect(answer.body.message).toContain(`The field ${field} `);
    }
    expect(await Promise.all(["credit_adjustments", "suspensions", "audit_log"].map(count))).toEqual(before);
    expect((await t.runtime.house.banner()).message).toBe(banner);
    const [bid] = await t.runtime.db.dataSource.query(`SELECT voided_at FROM bids WHERE id = $1`, [bidId]);
    expect(bid.voided_at).toBeNull();
    // A member's own text and a query string too.
    expect((await member.c.post("/api/auth/send-code", { email: `a${NUL}@x.example` })).status).toBe(400);
    expect((await admin.get(`/api/admin/members?search=${encodeURIComponent(NUL)}`)).status).toBe(400);
    // Text Postgres keeps (emoji, accents, a whole surrogate pair) passes.
    expect((await admin.post("/api/admin/broadcast", { message: "Lot 9 ☾ pausé 🕯️" })).status).toBe(200);
  });
});
