import { z } from "zod";
import type { RouteEntry } from "../../src/plugins/access";
import type { Answer, Client } from "../helpers";

type Values = string | readonly string[] | undefined;

/**
 * What a test knows fits a path parameter, by its name: a value, several (each is walked), or a
 * function of the route's pattern and the parameters filled before it; `undefined` lets the
 * parameter's own schema decide.
 */
export type KnownParams = Record<string, Values | ((url: string, chosen: Record<string, string>) => Values)>;

interface ParamSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
}

/** A uuid any `z.uuid()` takes (version 4, RFC variant) that names nothing. */
export const PLAUSIBLE_UUID = "00000000-0000-4000-8000-000000000000";

/** The path parameters of a route pattern, in order. */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** Each path parameter's JSON Schema, from the route's `params` zod schema (as the document has it). */
function paramSchemas(route: RouteEntry): Record<string, ParamSchema> {
  const params = route.schema?.params as z.ZodType | undefined;
  if (!params) return {};
  const json = z.toJSONSchema(params, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, ParamSchema>;
  };
  return json.properties ?? {};
}

/** A value a parameter's schema takes when no test knows better: an enum's first, a uuid, an id, a word. */
export function plausible(schema: ParamSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.format === "uuid") return PLAUSIBLE_UUID;
  const types = [schema?.type ?? []].flat();
  if (types.includes("integer") || types.includes("number")) return "1";
  return "x";
}

/**
 * Every path of `route` with its parameters filled: known values first, else what the
 * parameter's schema takes. A parameter with several known values gives several paths.
 */
export function fillPaths(route: RouteEntry, known: KnownParams = {}): string[] {
  const schemas = paramSchemas(route);
  let filled: { path: string; chosen: Record<string, string> }[] = [{ path: route.url, chosen: {} }];
  for (const name of paramNames(route.url)) {
    filled = filled.flatMap(({ path, chosen }) => {
      const rule = known[name];
      const given = typeof rule === "function" ? rule(route.url, chosen) : rule;
      const values = given === undefined ? [plausible(schemas[name])] : [given].flat();
      return values.map((value) => ({
        path: path.replace(`:${name}`, encodeURIComponent(value)),
        chosen: { ...chosen, [name]: value },
      }));
    });
  }
  return filled.map(({ path }) => path);
}

/** The first path of `fillPaths`. */
export const fillPath = (route: RouteEntry, known: KnownParams = {}): string => fillPaths(route, known)[0] as string;

/** Every path parameter replaced by `value` as written (odd values stay odd: no encoding). */
export const withEveryParam = (url: string, value: string) => url.replace(/:\w+/g, value);

/**
 * The routes in an order a walk survives: sign-out last (it ends the walker's session), deletions
 * and the operator's seeds just before it (they remove or replace what other routes read).
 */
export function walkOrder(routes: RouteEntry[]): RouteEntry[] {
  const rank = (r: RouteEntry) =>
    r.url === "/api/auth/logout" ? 2 : r.method === "DELETE" || r.url.endsWith("/seed") ? 1 : 0;
  return [...routes].sort((a, b) => rank(a) - rank(b));
}

/** Whether a method's requests carry a (JSON) body. */
export const carriesBody = (method: string) => method !== "GET" && method !== "HEAD";

/** Calls a route with its own method: `body` as JSON for the methods that carry one (none when undefined). */
export function call<T = Record<string, unknown>>(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  if (!carriesBody(method)) return client.request<T>(method, path, undefined, {});
  return client.request<T>(method, path, body === undefined ? undefined : JSON.stringify(body), {
    "content-type": "application/json",
  });
}

/** A route's challenge table: by its path, or by its `type` parameter (`puzzle` | `task`). */
const isPuzzleRoute = (url: string, chosen: Record<string, string>) =>
  url.startsWith("/api/puzzles") || chosen.type === "puzzle";

/**
 * The walkers' own fixtures as path parameters: the lot and auction they made, the slugs (and
 * media files) of the seeded calendar; every other parameter is filled from its schema.
 */
export function knownParams(fixtures: {
  lot: { id: number; lotNumber: number };
  auctionId: number;
  puzzleSlugs?: readonly string[];
  trialSlugs?: readonly string[];
  mediaNames?: readonly string[];
}): KnownParams {
  return {
    lotNumber: String(fixtures.lot.lotNumber),
    lotId: String(fixtures.lot.id),
    id: (url) => (url.startsWith("/api/auctions/") ? String(fixtures.auctionId) : undefined),
    slug: (url, chosen) => (isPuzzleRoute(url, chosen) ? fixtures.puzzleSlugs : fixtures.trialSlugs),
    trialKey: fixtures.trialSlugs,
    name: fixtures.mediaNames,
  };
}
