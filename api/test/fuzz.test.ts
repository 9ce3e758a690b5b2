import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "../src/plugins/access";
import { createAuction, createLot } from "./fixtures";
import { Client, signedIn, startTestApp, type TestApp } from "./helpers";
import { entryAt } from "./support/challenges";
import { call, carriesBody, fillPath, knownParams, walkOrder, withEveryParam } from "./support/routes";

/** Odd path parameters: what a member, a crawler or an attacker may put where an id goes. */
const PARAMS = [
  "abc",
  "-1",
  "0",
  "1.5",
  "1e3",
  "99999999999999999999",
  "2147483648",
  "null",
  "%00",
  "%20",
  "------------------------------------",
  "0".repeat(36),
  "00000000-0000-0000-0000-000000000000",
  "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(3000),
  "%E2%98%83",
  "'%20OR%201=1--",
];

/** Text Postgres cannot keep (NUL, half a surrogate pair), and text it can (every plane). */
function textsOfNote(): string[] {
  return [`nul${String.fromCharCode(0)}inside`, "half \ud800 a pair", "☾ pausé 🕯️ 𝔅𝔦𝔡"];
}

/** Wrong types, nulls, arrays, huge and negative numbers, long strings, odd text. */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -0.001,
  1.005,
  23.005,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  "",
  " ",
  "-5",
  "1e5",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "x".repeat(20_000),
  "a@[127.0.0.1].x",
  "<script>alert(1)</script>",
  ...textsOfNote(),
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
];
const KEYS = [
  "amount",
  "creditsUsed",
  "email",
  "code",
  "referralCode",
  "password",
  "lines",
  "year",
  "answer",
  "confession",
];
/** Free-text fields, sent only the odd text (their other values are the keys' above). */
const TEXT_KEYS = ["reason", "note", "message", "device", "title", "description"];

/**
 * The malformed bodies a route with the top-level `fields` (from its schema) is sent: wrong shapes;
 * every odd value in every field at once (its own and the common names above, so each route meets
 * each value in each of its fields); then each of its own fields alone with the values that most
 * often get past a check: empty, huge, NUL, half a surrogate pair, wrong shapes. A field the
 * route's schema does not name is stripped before any code reads it, so sent alone it would only
 * repeat the empty body every route is already sent.
 */
function bodies(fields: readonly string[]): unknown[] {
  const out: unknown[] = [null, [], "text", 42, true, {}, { lines: [{ merchandiseId: null, quantity: "x" }] }];
  const everyField = [...new Set([...fields, ...KEYS, ...TEXT_KEYS])];
  for (const value of [...VALUES, ...textsOfNote()])
    out.push(Object.fromEntries(everyField.map((key) => [key, value])));
  const alone: unknown[] = [null, "", "x".repeat(20_000), ...textsOfNote(), [], {}];
  for (const key of fields) for (const value of alone) out.push({ [key]: value });
  if (fields.includes("lines")) {
    out.push({
      lines: Array.from({ length: 60 }, () => ({ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 })),
    });
    out.push({ lines: [{ merchandiseId: "gid://shopify/ProductVariant/999999999999999999999", quantity: 1 }] });
    out.push({ lines: [{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1e9 }] });
  }
  return out;
}

interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, FieldSchema>;
  anyOf?: FieldSchema[];
  oneOf?: FieldSchema[];
}

/**
 * The top-level fields of a route's body as its schema describes them (JSON Schema of the zod
 * input): an object's properties, and those of every object a union accepts.
 */
function bodyFields(route: RouteEntry): Record<string, FieldSchema> {
  const body = route.schema?.body as z.ZodType | undefined;
  if (!body) return {};
  const fieldsOf = (schema: FieldSchema): Record<string, FieldSchema> =>
    Object.assign({}, schema.properties, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(fieldsOf));
  return fieldsOf(z.toJSONSchema(body, { io: "input", unrepresentable: "any" }) as FieldSchema);
}

/** A value the field's schema plausibly takes, so the other fields of a body get past their checks. */
function plausibleValue(field: FieldSchema): unknown {
  if (field.enum?.length) return field.enum[0];
  const type = [field.type ?? "string"].flat()[0];
  if (type === "string") return field.format === "email" ? "plausible@test.example" : "plausible";
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return false;
  if (type === "array") return [];
  if (type === "object") return {};
  return null;
}

/**
 * Each string field of a route's body (top level) with each odd text in turn, the other fields
 * plausible: NUL, half a surrogate pair, 20,000 characters, and Unicode of every plane.
 */
function stringFieldBodies(route: RouteEntry): Record<string, unknown>[] {
  const properties = bodyFields(route);
  const plausible = Object.fromEntries(Object.entries(properties).map(([key, f]) => [key, plausibleValue(f)]));
  const strings = Object.entries(properties).filter(([, f]) => [f.type].flat().includes("string") && !f.enum);
  return strings.flatMap(([key]) =>
    [...textsOfNote(), "x".repeat(20_000)].map((text) => ({ ...plausible, [key]: text })),
  );
}

/**
 * Runs `fn` on every item, a few at a time: a route's odd inputs are independent of each other, and
 * sent one by one the walk spent a third of its time waiting on the database between requests.
 */
async function eachAtOnce<T>(items: readonly T[], fn: (item: T) => Promise<void>, inFlight = 8): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, lane));
}

describe("fuzzing every route: no input ever gets a 5xx", () => {
  let t: TestApp;
  let lot: { id: number; lotNumber: number };
  let auctionId: number;
  /** The seeded calendar on 20 Nov 2025: 'Day 20' (a puzzle) open, 'Day 18' (the unfolding trial) closed. */
  const slugs = { puzzles: entryAt(20).urlSlug, trials: entryAt(18).urlSlug };

  beforeAll(async () => {
    t = await startTestApp("distributed");
    await t.runtime.seeds.seedChallenges();
    t.clock.set(new Date("2025-11-20T21:00:00Z"));
    lot = await createLot(t.runtime);
    auctionId = await createAuction(t.runtime);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh, gated member with credits for each route, from an address of their own. */
  const member = async () => (await signedIn(t, { label: "fuzz", credits: 100 })).c;

  it("answers odd path parameters and malformed bodies of every route, with its own method, with 2xx-4xx, as a member and anonymously", async () => {
    const routes = walkOrder(
      t.app.routeTable.filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs")),
    );
    const known = knownParams({ lot, auctionId, puzzleSlugs: [slugs.puzzles], trialSlugs: [slugs.trials] });
    const failures: string[] = [];
    let requests = 0;
    const anonymous = new Client(t.baseUrl);
    for (const route of routes) {
      const c = await member();
      const withBody = carriesBody(route.method);
      const realPath = fillPath(route, known);
      const paths = route.url.includes(":") ? PARAMS.map((p) => withEveryParam(route.url, p)) : [route.url];
      const send = async (client: Client, path: string, body?: unknown) => {
        requests += 1;
        const answer = withBody
          ? await call(client, route.method, path, body)
          : await call(client, route.method, `${path}?x=${encodeURIComponent("'\"<>")}&x=2`);
        if (answer.status >= 500)
          failures.push(`${route.method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${answer.status}`);
        if (answer.status >= 400 && typeof (answer.body as { message?: unknown }).message !== "string") {
          failures.push(`${route.method} ${path}: ${answer.status} without a message`);
        }
      };
      await eachAtOnce(paths, async (path) => {
        await send(c, path, withBody ? {} : undefined);
        await send(anonymous, path, withBody ? {} : undefined);
      });
      if (withBody) {
        await eachAtOnce(bodies(Object.keys(bodyFields(route))), (body) => send(c, realPath, body));
        // Not JSON at all, and JSON that does not parse.
        requests += 2;
        const broken = await c.request(route.method, realPath, '{"amount":', { "content-type": "application/json" });
        const form = await c.request(route.method, realPath, "amount=1", {
          "content-type": "application/x-www-form-urlencoded",
        });
        for (const answer of [broken, form]) {
          if (answer.status >= 500 || answer.status < 400)
            failures.push(`${route.method} ${realPath} broken body: ${answer.status}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 180_000);

  it("sends NUL, half a surrogate pair, 20,000 characters and Unicode in every string field of every route's body, as the operator and as a member", async () => {
    const admin = (await signedIn(t, { email: "admin@test.example" })).c;
    const routes = walkOrder(
      t.app.routeTable.filter(
        (r) => r.url.startsWith("/api/") && carriesBody(r.method) && r.url !== "/api/auth/logout",
      ),
    );
    const known = knownParams({ lot, auctionId, puzzleSlugs: [slugs.puzzles], trialSlugs: [slugs.trials] });
    const failures: string[] = [];
    let fields = 0;
    for (const route of routes) {
      const path = fillPath(route, known);
      const client = route.url.startsWith("/api/admin/") ? admin : await member();
      const bodies = stringFieldBodies(route);
      fields += bodies.length;
      await eachAtOnce(bodies, async (body) => {
        const answer = await call(client, route.method, path, body);
        const what = `${route.method} ${path} ${JSON.stringify(body).slice(0, 60)}`;
        if (answer.status >= 500) failures.push(`${what}: ${answer.status}`);
        if (answer.status >= 400 && typeof (answer.body as { message?: unknown }).message !== "string")
          failures.push(`${what}: ${answer.status} without a message`);
        const text = Object.values(body).find(
          (v) => typeof v === "string" && (v.includes(String.fromCharCode(0)) || /\p{Cs}/u.test(v)),
        );
        // Text Postgres cannot keep is refused, never half-stored.
        if (text !== undefined && answer.status < 400)
          failures.push(`${what}: unstorable text taken (${answer.status})`);
      });
    }
    // The operator's writes are walked as the operator (not refused at the door as a member's).
    expect(fields).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 180_000);
});
