import { DEMO_LOOP, DEMO_RING, DEMO_RING_ADDRESS } from "@bm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "./helpers";

interface Flag {
  reason: string;
  subject: string;
  members: { email: string }[];
}

/** The signals run on embedded PGlite as on Postgres: the demo's ring and loop, flagged. */
describe("fair-play signals on the embedded runtime", () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp("embedded", { DEMO: "1" });
    await t.runtime.seeds.ensureEvent();
    admin = new Client(t.baseUrl);
    await admin.signIn(t, "admin@test.example", undefined, { gate: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("flags the demo's ring behind one address and its referral loop", async () => {
    expect((await admin.post("/api/admin/fair-play/recompute")).status).toBe(200);
    const { body } = await admin.get<{ items: Flag[] }>("/api/admin/fair-play/flags?pageSize=200");
    const emails = (f: Flag | undefined) => f?.members.map((m) => m.email).sort();
    const ring = body.items.find((f) => f.subject === `address:${DEMO_RING_ADDRESS}`);
    expect(emails(ring)).toEqual([...DEMO_RING].sort());
    const loop = body.items.find((f) => f.reason === "referral_cycle");
    expect(emails(loop)).toEqual([...DEMO_LOOP].sort());
    expect(body.items.filter((f) => f.reason === "maximum_probing")).toHaveLength(3);
  });
});
