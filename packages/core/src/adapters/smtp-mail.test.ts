import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSink } from "../testing/smtp-sink";
import { SmtpMail } from "./smtp-mail";

/** The SMTP adapter against a real SMTP server on loopback. */
describe("SMTP mail", () => {
  const sink = new SmtpSink();
  let mail: SmtpMail;
  beforeAll(async () => {
    mail = new SmtpMail(await sink.start(), "The Black Market <house@test.example>");
  });
  afterAll(async () => {
    await mail?.close();
    await sink.stop();
  });

  it("sends mail after mail over one open connection, not a new connection (and greeting wait) each", async () => {
    for (const n of [1, 2, 3]) {
      await mail.send({ to: `pooled${n}@test.example`, subject: `Mail ${n}`, text: `Body ${n}` });
    }
    for (const n of [1, 2, 3]) {
      expect((await sink.waitFor(`pooled${n}@test.example`)).subject).toBe(`Mail ${n}`);
    }
    expect(sink.connections).toBe(1);
  });
});
