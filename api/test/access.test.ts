import { Messages } from "@bm/shared";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Access, allows } from "../src/plugins/access";
import { limits } from "../src/plugins/rate-limits";
import { createAuction, createLot } from "./fixtures";
import { Client, startTestApp, TEST_PLUGIN_TIMEOUT_MS, type TestApp, uniqueEmail } from "./helpers";
import { AnswerContract, documentPath, type OpenApiDocument } from "./support/contract";
import { call, carriesBody, fillPath, knownParams, walkOrder } from "./support/routes";
import { openSocket } from "./support/sockets";

type Json = Record<string, unknown>;
type Operation = {
  responses: Record<string, { content?: Record<string, unknown> }>;
  parameters?: { in: string }[];
  "x-rate-limits"?: string[];
};
const ERROR_REF = { $ref: "#/components/schemas/ErrorAnswer" };
type Role = "anonymous" | "member" | "other member" | "staff" | "admin";

/** What each role is, as the access rules see it (`member` has not given the gate's word). */
const ROLE_USER: Record<Exclude<Role, "anonymous">, { isStaff: boolean; isAdmin: boolean; gateOpen: boolean }> = {
  member: { isStaff: false, isAdmin: false, gateOpen: false },
  "other member": { isStaff: false, isAdmin: false, gateOpen: true },
  staff: { isStaff: true, isAdmin: false, gateOpen: true },
  admin: { isStaff: false, isAdmin: true, gateOpen: true },
};

function allowed(access: Access, role: Role): boolean {
  if (role === "anonymous") return allows(access, null);
  const user = { id: role, email: `${role}@x.test`, firstName: null, lastName: null, mpcBalance: "0.00" };
  return allows(access, { ...user, referralCode: null, ...ROLE_USER[role] });
}

describe("declared routes: access by one hook, default deny, OpenAPI from the same schemas", () => {
  let t: TestApp;
  let lot: { id: number; lotNumber: number };
  let auctionId: number;
  const clients = {} as Record<Role, Client>;

  beforeAll(async () => {
    t = await startTestApp("distributed");
    lot = await createLot(t.runtime);
    auctionId = await createAuction(t.runtime);
    clients.anonymous = new Client(t.baseUrl);
    clients.member = new Client(t.baseUrl);
    await clients.member.signIn(t, uniqueEmail("ungated"), undefined, { gate: false });
    clients["other member"] = new Client(t.baseUrl);
    await clients["other member"].signIn(t, uniqueEmail("gated"));
    clients.staff = new Client(t.baseUrl);
    await clients.staff.signIn(t, "staff@test.example", undefined, { gate: false });
    clients.admin = new Client(t.baseUrl);
    await clients.admin.signIn(t, "admin@test.example", undefined, { gate: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith("/api/"));
  const ownRoutes = () => apiRoutes().filter((r) => !r.url.startsWith("/api/docs") && r.url !== "/api/openapi.json");

  it("every route declares an access level, and every API route its answer's schema", () => {
    expect(ownRoutes().length).toBeGreaterThan(20);
    for (const route of t.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    for (const route of ownRoutes()) expect(route.documented, `${route.method} ${route.url}`).toBe(true);
  });

  it("refuses to start when a route declares no access (default deny)", async () => {
    const { buildApp } = await import("../src/app");
    const app = await buildApp(t.runtime, { logger: false, serveWeb: false, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
    app.get("/api/undeclared", async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/undeclared declares no access/);
    await app.close().catch(() => {});
  });

  it("serves the OpenAPI document with every route, its access and its schemas, and a reference page", async () => {
    const doc = await clients.anonymous.get<{
      openapi: string;
      paths: Record<string, Record<string, { "x-access"?: string; responses?: Record<string, unknown> }>>;
    }>("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    for (const route of ownRoutes()) {
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      const operation = doc.body.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.["x-access"], `${route.method} ${route.url}`).toBe(route.access);
      expect(operation?.responses?.["200"], `${route.method} ${route.url}`).toBeDefined();
    }
    const bid = doc.body.paths["/api/auction-lots/{lotId}/bid"]?.post as unknown as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(bid.requestBody.content["application/json"].schema.properties)).toEqual([
      "amount",
      "creditsUsed",
      "maximum",
    ]);
    const page = await fetch(`${t.baseUrl}/api/docs`, { redirect: "follow" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("swagger");
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = await clients.anonymous.get("/api/openapi.json");
    const result = await new Validator().validate(structuredClone(doc.body));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists, for every route, the refusals its access, method, parameters and limits give, as one shared shape", async () => {
    const doc = (await clients.anonymous.get<OpenApiDocument>("/api/openapi.json")).body;
    const wrong: string[] = [];
    for (const route of ownRoutes()) {
      const operation = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()] as Operation;
      const declared = new Set(Object.keys(operation.responses));
      const declares = (status: number, why: string) => {
        if (!declared.has(String(status))) wrong.push(`${route.method} ${route.url}: no ${status} (${why})`);
      };
      const declaresNo = (status: number, why: string) => {
        if (declared.has(String(status))) wrong.push(`${route.method} ${route.url}: ${status} declared (${why})`);
      };
      const withBody = carriesBody(route.method);
      if (route.access !== "public") declares(401, "signed in only");
      if (["gate", "staff", "admin"].includes(route.access as string)) declares(403, route.access as string);
      if (withBody) for (const status of [400, 403, 413, 415]) declares(status, "a JSON body, same origin");
      if (operation.parameters?.some((p) => p.in === "query")) declares(400, "a query");
      if (route.url.includes(":")) declares(404, "path parameters");
      if (operation["x-rate-limits"]) declares(429, "rate limited");
      else declaresNo(429, "not rate limited");
      if (!withBody && ["public", "member"].includes(route.access as string)) declaresNo(403, "nothing forbids it");
      declares(503, "load shedding");
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        if (JSON.stringify(answer.content) !== JSON.stringify({ "application/json": { schema: ERROR_REF } }))
          wrong.push(`${route.method} ${route.url}: ${status} is not the shared ErrorAnswer`);
      }
    }
    expect(wrong).toEqual([]);
    const types = (path: string) => Object.keys(doc.paths[path]?.get?.responses?.["200"]?.content ?? {});
    expect(types("/api/challenges/media/{name}")).toEqual(expect.arrayContaining(["image/svg+xml", "video/mp4"]));
    expect(types("/api/trials/uploads/{id}")).toEqual(["image/png", "image/jpeg", "audio/webm"]);
  });

  it("holds the answers sent to the document: an undeclared status or content type breaks the contract", () => {
    const doc: OpenApiDocument = {
      paths: { "/api/x/{id}": { get: { responses: { 200: { content: { "application/json": {} } }, 404: {} } } } },
    };
    const contract = new AnswerContract();
    const sent = { method: "GET", route: "/api/x/:id", contentType: "application/json", hidden: false };
    for (const status of [200, 404, 409]) contract.record({ ...sent, status });
    contract.record({ ...sent, status: 200, contentType: "text/html" });
    contract.record({ ...sent, method: "POST", status: 200 });
    contract.record({ ...sent, route: undefined, status: 404 });
    expect(contract.breaches(doc)).toEqual([
      "GET /api/x/:id answered 409, which it does not declare",
      "GET /api/x/:id answered 200 as text/html, declared application/json",
      "POST /api/x/:id answered 200 but is not in the document",
    ]);
  });

  it("answers every route, with its own method, for every role, as its declared access says", async () => {
    const known = knownParams({ lot, auctionId });
    const routes = walkOrder(ownRoutes());
    const mismatches: string[] = [];
    for (const role of Object.keys(clients) as Role[]) {
      for (const route of routes) {
        const access = route.access as Access;
        const answer = await call<Json>(clients[role], route.method, fillPath(route, known), {});
        const refusedByAccess =
          answer.status === 401 ||
          answer.body.code === "GATE_SEALED" ||
          answer.body.message === Messages.staffOnly ||
          answer.body.message === Messages.adminOnly;
        const expected = allowed(access, role);
        const expectedStatus = role === "anonymous" ? 401 : 403;
        if (expected && refusedByAccess)
          mismatches.push(`${role} ${route.method} ${route.url}: refused ${answer.status}`);
        if (!expected && answer.status !== expectedStatus)
          mismatches.push(`${role} ${route.method} ${route.url}: ${answer.status}, expected ${expectedStatus}`);
        if (answer.status >= 500) mismatches.push(`${role} ${route.method} ${route.url}: ${answer.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The admin's seeds replaced the lots: the tests below watch a lot of their own.
    lot = await createLot(t.runtime);
  });

  it("seals the Bidding Hall to a member who has not given the word: lots, bids and its socket rooms", async () => {
    const c = new Client(t.baseUrl);
    const email = uniqueEmail("sealed");
    await c.signIn(t, email, undefined, { gate: false });
    expect((await c.get<Json>("/api/auth/user")).body.gateOpen).toBe(false);
    for (const answer of [
      await c.get<Json>("/api/auction-lots"),
      await c.get<Json>(`/api/auction-lots/${lot.lotNumber}`),
      await c.get<Json>(`/api/auction-lots/${lot.id}/bids`),
      await c.post<Json>(`/api/auction-lots/${lot.id}/bid`, { amount: 10 }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: "GATE_SEALED", message: Messages.gateSealed });
    }
    const socket = await openSocket(t.baseUrl, c.cookie);
    const sealed = await socket.timeout(5000).emitWithAck("lot:watch", { lotNumber: lot.lotNumber });
    expect(sealed).toEqual({ ok: false, message: Messages.gateSealed });

    const wrong = await c.post<Json>("/api/gate", { password: "wrong" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Incorrect password. Access denied.");
    expect((await c.get("/api/auction-lots")).status).toBe(403);

    expect((await c.post<Json>("/api/gate", { password: " nOcTuRnE " })).status).toBe(200);
    expect((await c.get("/api/auction-lots")).status).toBe(200);
    const watched = await socket.timeout(5000).emitWithAck("lot:watch", { lotNumber: lot.lotNumber });
    expect(watched).toMatchObject({ ok: true, snapshot: { lotId: lot.id } });
    socket.close();

    // Remembered for the member, not the browser: a new sign-in elsewhere finds the hall open.
    t.clock.advance(61_000);
    const elsewhere = new Client(t.baseUrl);
    await elsewhere.signIn(t, email, undefined, { gate: false });
    expect((await elsewhere.get<Json>("/api/auth/user")).body.gateOpen).toBe(true);
    expect((await elsewhere.get(`/api/auction-lots/${lot.lotNumber}`)).status).toBe(200);
  });

  it("lets staff and admins into the hall without the word", async () => {
    t.clock.advance(61_000);
    for (const email of ["staff@test.example", "admin@test.example"]) {
      const c = new Client(t.baseUrl);
      await c.signIn(t, email, undefined, { gate: false });
      expect((await c.get<Json>("/api/auth/user")).body.gateOpen).toBe(true);
      expect((await c.get("/api/auction-lots")).status).toBe(200);
    }
  });

  it("takes the gate's word at most 5 times a minute per member, then 429 with Retry-After", async () => {
    const c = new Client(t.baseUrl, "10.77.0.1");
    await c.signIn(t, uniqueEmail("guesser"), undefined, { gate: false });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.post("/api/gate", { password: `guess-${i}` })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const limited = await c.post<Json>("/api/gate", { password: "Nocturne" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: "RATE_LIMITED", message: Messages.tooManyTries });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("counts the gate's wrong words per address too: new members from one address share that limit", async () => {
    const address = "10.77.0.2";
    const { max } = limits.gateFailuresPerAddress;
    const members = await Promise.all(
      Array.from({ length: max + 2 }, async (_, i) => {
        const c = new Client(t.baseUrl, address);
        await c.signIn(t, uniqueEmail(`sybil${i}`), undefined, { gate: false });
        return c;
      }),
    );
    const statuses: number[] = [];
    // Each account gives a word or two (under the per-member limit), from the one address.
    for (const c of members) statuses.push((await c.post("/api/gate", { password: "guess" })).status);
    expect(statuses.slice(0, max).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });
});
