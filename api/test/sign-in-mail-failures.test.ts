import { codeFrom } from "@bm/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { freePort } from "./support/api-process";

const REFUSED = "This address cannot receive mail";
const UNAVAILABLE = "The mail service is unavailable. Try again shortly.";

/** Sign-in codes whose e-mail cannot be delivered, against a real SMTP server. */
describe("sign-in codes the mail server does not take", () => {
  let t: TestApp;
  let down: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed");
    // The same product with its SMTP server gone: nothing listens on that port.
    down = await startTestApp("distributed", { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => {
    await t?.close();
    await down?.close();
  });

  const storedCodes = async (app: TestApp, email: string): Promise<number> => {
    const [row] = await app.runtime.db.dataSource.query(
      `SELECT count(*)::int AS n FROM verification_codes WHERE email = $1`,
      [email],
    );
    return row.n;
  };

  it("answers 400 'This address cannot receive mail' when the server refuses the recipient, and counts nothing", async () => {
    const email = uniqueEmail("refused");
    t.sink!.refuse(email);
    const c = new Client(t.baseUrl);
    const first = await c.post("/api/auth/send-code", { email });
    expect({ status: first.status, message: first.body.message }).toEqual({ status: 400, message: REFUSED });
    expect(await storedCodes(t, email)).toBe(0);
    // Nothing was counted: asking again at once meets the same refusal, not the resend cooldown.
    const again = await c.post("/api/auth/send-code", { email });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 400, message: REFUSED });
  });

  it("answers 503 when the mail server cannot be reached, and counts nothing", async () => {
    const email = uniqueEmail("unreachable");
    const c = new Client(down.baseUrl);
    const first = await c.post("/api/auth/send-code", { email });
    expect({ status: first.status, message: first.body.message }).toEqual({ status: 503, message: UNAVAILABLE });
    expect(await storedCodes(down, email)).toBe(0);
    const again = await c.post("/api/auth/send-code", { email });
    expect(again.status).toBe(503);
  });

  it("keeps the member's earlier code alive when a new one cannot be sent", async () => {
    const email = uniqueEmail("earlier");
    const c = new Client(t.baseUrl);
    expect((await c.post("/api/auth/send-code", { email })).status).toBe(200);
    const code = codeFrom(await t.sink!.waitFor(email));
    t.clock.advance(61_000);
    t.sink!.refuse(email);
    expect((await c.post("/api/auth/send-code", { email })).status).toBe(400);
    expect((await c.post("/api/auth/verify-code", { email, code })).status).toBe(200);
  });
});
