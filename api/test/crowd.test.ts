import { Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../src/plugins/rate-limits";
import { createLot } from "./fixtures";
import { Client, type RuntimeKind, signedIn, startTestApp, TEST_GATE_WORD, type TestApp, uniqueEmail } from "./helpers";

type Json = Record<string, unknown>;

/** How many members of one address sign in and give the word at once. */
const AT_ONCE = 25;

/** Runs `task` for 0..count-1, `AT_ONCE` at a time; the answers in order. */
async function inWaves<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < count; start += AT_ONCE) {
    const wave = Array.from({ length: Math.min(AT_ONCE, count - start) }, (_, j) => task(start + j));
    answers.push(...(await Promise.all(wave)));
  }
  return answers;
}

/** Members signed in from `address`, outside the gate. */
function signedInFrom(t: TestApp, address: string, count: number, label: string): Promise<Client[]> {
  return inWaves(count, async (i) => (await signedIn(t, { ip: address, label: `${label}${i}`, gate: false })).c);
}

describe.each<RuntimeKind>(["distributed", "embedded"])("a crowd behind one address (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets 200 members of one address each sign in and pass the gate, a tenth of them mistyping the word first", async () => {
    const address = "10.1.1.1";
    const outcomes = await inWaves(200, async (i) => {
      const c = new Client(t.baseUrl, address);
      const email = uniqueEmail(`crowd${i}`);
      const sent = await c.post("/api/auth/send-code", { email });
      const verified = await c.post("/api/auth/verify-code", { email, code: await t.readCode(email) });
      const typo = i % 10 === 0 ? (await c.post("/api/gate", { password: "Nocturn" })).status : undefined;
      const gate = await c.post("/api/gate", { password: TEST_GATE_WORD });
      const lots = await c.get("/api/auction-lots");
      return { sent: sent.status, verified: verified.status, typo, gate: gate.status, lots: lots.status };
    });
    expect(outcomes.filter((o) => o.typo !== undefined).every((o) => o.typo === 403)).toBe(true);
    expect(
      outcomes.filter((o) => o.sent === 200 && o.verified === 200 && o.gate === 200 && o.lots === 200),
    ).toHaveLength(200);
    // A thousand requests, on the embedded runtime one database backend for all: a busy machine
    // (the suite's other files, Playwright beside it) has taken over 30 s.
  }, 90_000);

  it("holds one member to the bid limit on the node that takes the bids, with no round trip to Redis for it", async () => {
    const { max } = limits.bidsPerMember;
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("hammer"));
    const lot = await createLot(t.runtime, { reserve: "50.00" });
    // Every bid counts, refused or not: these are below the reserve (400).
    const statuses = await inWaves(max + 2, async () =>
      member.post(`/api/auction-lots/${lot.id}/bid`, { amount: "1.00", creditsUsed: "0.00" }),
    );
    expect(statuses.slice(0, max).every((answer) => answer.status === 400)).toBe(true);
    const over = statuses.slice(max);
    expect(over.map((answer) => answer.status)).toEqual([429, 429]);
    expect(Number(over[0]?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((over[0]?.body as Json | undefined)?.message).toBe(Messages.tooManyTries);
    // Another member bids on.
    const other = new Client(t.baseUrl);
    await other.signIn(t, uniqueEmail("calm"));
    expect((await other.post(`/api/auction-lots/${lot.id}/bid`, { amount: "1.00", creditsUsed: "0.00" })).status).toBe(
      400,
    );
    if (t.runtime.redis) {
      expect(await t.runtime.redis.keys(`${t.runtime.config.redisPrefix}rl:*bids*`)).toEqual([]);
    }
  });

  it("refuses wrong words from one address after the limit, then every word from it (a right one too) until the window ends", async () => {
    const address = "10.2.2.2";
    const { max } = limits.gateFailuresPerAddress;
    const perMember = limits.gatePerMember.max;
    // Guessers with several accounts, each under its own limit of 5 words a minute.
    const guessers = await signedInFrom(t, address, Math.ceil(max / perMember) + 1, "guesser");
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const guesser = guessers[Math.floor(i / perMember)];
      statuses.push((await guesser?.post("/api/gate", { password: `guess-${i}` }))?.status ?? 0);
    }
    expect(statuses.slice(0, max).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);

    // An honest member at that address is refused too: if the word were looked at first, a
    // guesser would tell a right guess by its 200. Retry-After says when to come back.
    const [honest] = await signedInFrom(t, address, 1, "neighbour");
    const refused = await honest?.post<Json>("/api/gate", { password: TEST_GATE_WORD });
    expect(refused?.status).toBe(429);
    expect(refused?.body).toEqual({ code: "RATE_LIMITED", message: Messages.tooManyTries });
    const retryAfter = Number(refused?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Signing in still works there (a right code is no failure), and another address is untouched.
    expect((await honest?.get<Json>("/api/auth/user"))?.body.gateOpen).toBe(false);
    const [elsewhere] = await signedInFrom(t, "10.2.2.3", 1, "elsewhere");
    expect((await elsewhere?.post("/api/gate", { password: TEST_GATE_WORD }))?.status).toBe(200);
  });

  it("refuses wrong codes from one address after the limit, a right code too, while other addresses sign in", async () => {
    const address = "10.3.3.3";
    const { max } = limits.codeFailuresPerAddress;
    const guesser = new Client(t.baseUrl, address);
    const statuses = await inWaves(max, async (i) => {
      const answer = await guesser.post("/api/auth/verify-code", { email: uniqueEmail(`victim${i}`), code: "123456" });
      return answer.status;
    });
    expect(statuses.every((s) => s === 401)).toBe(true);

    const email = uniqueEmail("late");
    const member = new Client(t.baseUrl, address);
    // Sending a code is no failure: it is still allowed (the per-address send limits apply).
    expect((await member.post("/api/auth/send-code", { email })).status).toBe(200);
    const code = await t.readCode(email);
    const refused = await member.post("/api/auth/verify-code", { email, code });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same code from another address (the member's phone on its own network) signs in.
    const moved = new Client(t.baseUrl, "10.3.3.4");
    expect((await moved.post("/api/auth/verify-code", { email, code })).status).toBe(200);
  });
});
