import { readdirSync } from "node:fs";
import { Writable } from "node:stream";
import { CHALLENGE_ART_DIR, CHALLENGE_CATALOGUE } from "@bm/core";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../src/plugins/access";
import { createAuction, createLot } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { plural } from "./support/challenges";
import { call, fillPaths, knownParams, walkOrder } from "./support/routes";
import { type MemberSocket, openSocket, type Received, recordEvents } from "./support/sockets";

type Role = "anonymous" | "member" | "winner" | "loser" | "staff" | "admin";

/** Every answer of the calendar: none may leave the server, in any body, for anyone. */
const ANSWERS = [...new Set(CHALLENGE_CATALOGUE.map((c) => c.answer))];

/**
 * The response scanner of the game: every route, every role, every challenge slug, at two moments
 * of the calendar, and the socket messages meanwhile. An answer is found as written (the answers
 * were chosen so that no other text of the app contains them).
 */
describe("answers never leave the server", () => {
  let t: TestApp;
  const clients = {} as Record<Role, Client>;
  const sockets: MemberSocket[] = [];
  /** What each watching socket heard, filling as messages arrive. */
  const heard: Received[][] = [];
  let lot: { id: number; lotNumber: number };
  let auctionId: number;

  beforeAll(async () => {
    t = await startTestApp("distributed");
    await t.runtime.seeds.seedChallenges();
    lot = await createLot(t.runtime);
    auctionId = await createAuction(t.runtime);
    t.clock.set(new Date("2025-11-20T21:00:00Z"));
    clients.anonymous = new Client(t.baseUrl);
    for (const role of ["member", "winner", "loser"] as const) {
      clients[role] = new Client(t.baseUrl);
      await clients[role].signIn(t, uniqueEmail(role));
    }
    clients.staff = new Client(t.baseUrl);
    await clients.staff.signIn(t, "staff@test.example");
    clients.admin = new Client(t.baseUrl);
    await clients.admin.signIn(t, "admin@test.example");
    for (const role of ["winner", "staff"] as const) {
      const socket = await openSocket(t.baseUrl, clients[role].cookie);
      heard.push(recordEvents(socket));
      await socket.timeout(5000).emitWithAck("challenges:watch", {});
      sockets.push(socket);
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  function leaks(text: string): string[] {
    return ANSWERS.filter((answer) => text.includes(answer));
  }

  it("no answer in any body of any route (but an admin's own), for any role, before and after attempts, nor in a socket message", async () => {
    const findings: string[] = [];
    let scanned = 0;
    const routes = walkOrder(
      t.app.routeTable.filter(
        (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs") && r.url !== "/api/auth/logout",
      ),
    );
    const slugsOf = (type: "puzzle" | "trial") =>
      CHALLENGE_CATALOGUE.filter((c) => c.type === type).map((c) => c.urlSlug);
    const known = knownParams({
      lot,
      auctionId,
      puzzleSlugs: slugsOf("puzzle"),
      trialSlugs: slugsOf("trial"),
      mediaNames: readdirSync(CHALLENGE_ART_DIR),
    });
    const paths = (route: RouteEntry): string[] =>
      fillPaths(route, known).map((p) => (p === "/api/challenges/day" ? `${p}?date=2025-11-25` : p));
    /** The operator's tools show answers, to admins: the only answers that may carry one. */
    const mayCarryAnswers = (role: Role, route?: RouteEntry) => role === "admin" && route?.access === "admin";
    const scan = async (role: Role, method: string, path: string, body: unknown, route?: RouteEntry) => {
      const answer = await call(clients[role], method, path, body);
      scanned += 1;
      const text = JSON.stringify(answer.body);
      if (mayCarryAnswers(role, route)) return;
      if (leaks(text).length > 0) findings.push(`${role} ${method} ${path} -> ${answer.status} contains an answer`);
      // The API reference documents the submit bodies' `answer` field; no answer carries one.
      if (path !== "/api/openapi.json" && /"answer"\s*:/.test(text))
        findings.push(`${role} ${method} ${path} has an "answer" field`);
    };

    // Attempts first (right, wrong, and staff's), so completions, failures and the ledger hold
    // something to show; then every route at the calendar's last day, when everything has unlocked.
    t.clock.set(new Date("2025-11-20T21:00:00Z"));
    for (const seed of CHALLENGE_CATALOGUE.filter((c) => c.position === 20 || c.position === 19)) {
      const submit = `/api/${plural(seed)}/${seed.urlSlug}/submit`;
      await scan("winner", "POST", submit, { answer: seed.answer });
      await scan("loser", "POST", submit, { answer: `${seed.answer}?` });
      await scan("staff", "POST", submit, { answer: seed.answer });
    }
    t.clock.set(new Date("2025-11-27T20:00:00Z"));
    for (const role of Object.keys(clients) as Role[]) {
      for (const route of routes) {
        if (route.url.endsWith("/submit")) continue;
        for (const path of paths(route)) await scan(role, route.method, path, {}, route);
      }
    }
    const messages = heard.flat();
    for (const message of messages) {
      if (leaks(JSON.stringify(message.payload)).length > 0) findings.push(`socket ${message.event} carries an answer`);
    }
    console.info(
      `answer scanner: ${scanned} answers of ${routes.length} routes scanned, ${messages.length} socket messages`,
    );
    expect(scanned).toBeGreaterThan(400);
    expect(messages.some((m) => m.event === "user:credits")).toBe(true);
    expect(findings).toEqual([]);
  }, 180_000);
});

describe("answers never reach a log line", () => {
  it("logs every request at debug level, and no answer, right or typed, appears in them", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: "trace" }, sink);
    const t = await startTestApp("distributed", { LOG_LEVEL: "debug" }, { logger });
    try {
      await t.runtime.seeds.seedChallenges();
      t.clock.set(new Date("2025-11-20T21:00:00Z"));
      const c = new Client(t.baseUrl);
      await c.signIn(t, uniqueEmail("logged"));
      const typed = "Typed-But-Wrong-Guess";
      for (const seed of CHALLENGE_CATALOGUE) {
        const path = `/api/${plural(seed)}/${seed.urlSlug}/submit`;
        await c.post(path, seed.position === 20 ? { answer: seed.answer } : { answer: typed, confession: seed.answer });
      }
      await c.post("/api/puzzles/nope/submit", { answer: CHALLENGE_CATALOGUE[1]?.answer });
      await c.post(`/api/puzzles/${CHALLENGE_CATALOGUE[1]?.urlSlug}/submit`, { answer: 42, extra: "Nevermore" });
      const text = lines.join("");
      expect(lines.length).toBeGreaterThan(20);
      expect(text).toContain("/submit");
      expect(ANSWERS.filter((answer) => text.includes(answer))).toEqual([]);
      expect(text).not.toContain(typed);
    } finally {
      await t.close();
    }
  }, 60_000);
});
