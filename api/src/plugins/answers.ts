import { errorAnswer } from "@bm/shared";
import type { FastifyInstance, FastifySchema, HTTPMethods } from "fastify";
import { z } from "zod";
import type { Access } from "./access";

/** Methods whose requests may carry a body: parsed as JSON only, within a size limit, same-origin only. */
export const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The error statuses the API answers (never a 500 for any input: that one is a bug, not a contract). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** A declared error answer: the shared `ErrorAnswer` shape as JSON, with why it comes. */
export interface Refusal {
  description: string;
  content: { "application/json": { schema: typeof errorAnswer } };
}

export function refusal(description: string): Refusal {
  return { description, content: { "application/json": { schema: errorAnswer } } };
}

/**
 * A route's own refusals, by status, each with why (what its service throws): the ones every route
 * of its shape gives are added by `registerDeclaredAnswers`, not written here.
 */
export function refusals(reasons: Partial<Record<ErrorStatus, string>>): Partial<Record<ErrorStatus, Refusal>> {
  return Object.fromEntries(Object.entries(reasons).map(([status, why]) => [status, refusal(why as string)]));
}

/** What a route that calls the shop (Shopify or the dev shop) may answer when the shop fails it. */
export const SHOP_REFUSALS = {
  502: "The shop refused or failed the request.",
  503: "The shop is unavailable (or not connected); try again later.",
} as const satisfies Partial<Record<ErrorStatus, string>>;

/** What decides the refusals a route gives by construction. */
export interface RouteShape {
  method: string;
  access: Access | undefined;
  /** Rate limited (`config.limits`). */
  limited: boolean;
  querystring: boolean;
  params: boolean;
}

/**
 * The refusals a route gives whatever its handler does: the access hook (401, 403), the origin
 * check and the JSON-only body parser of every method that carries a body (403, 400, 413, 415),
 * the validator (400 for a body or query, 404 for path parameters that name nothing), the rate
 * limits (429) and load shedding (503, on every route: under-pressure runs before routing).
 */
export function refusalsByConstruction(route: RouteShape): Partial<Record<ErrorStatus, string>> {
  const carriesBody = BODY_METHODS.has(route.method);
  const out: Partial<Record<ErrorStatus, string>> = {};
  if (carriesBody) out[400] = "The body is not JSON that matches its schema (VALIDATION; the message says what).";
  else if (route.querystring) out[400] = "The query does not match its schema (VALIDATION; the message says what).";
  if (route.access && route.access !== "public") out[401] = "Not signed in (UNAUTHORIZED).";
  const forbidden: string[] = [];
  if (route.access === "gate") forbidden.push("a member who has not given the Bidding Hall's word (GATE_SEALED)");
  if (route.access === "staff") forbidden.push("staff and admins only (FORBIDDEN)");
  if (route.access === "admin") forbidden.push("admins only (FORBIDDEN)");
  if (carriesBody) forbidden.push("a request from another origin (ORIGIN_REFUSED)");
  if (forbidden.length) out[403] = `Refused: ${forbidden.join("; ")}.`;
  if (route.params) out[404] = "The path's parameters name nothing (NOT_FOUND, with the route's own message).";
  if (carriesBody) {
    out[413] = "The body is over the route's size limit (PAYLOAD_TOO_LARGE).";
    out[415] = "The body is not JSON (UNSUPPORTED_MEDIA_TYPE).";
  }
  if (route.limited) out[429] = "Over a rate limit (RATE_LIMITED); Retry-After says when to try again.";
  out[503] = "The node is overloaded and sheds load (UNAVAILABLE); Retry-After says when to try again.";
  return out;
}

type Responses = Record<string, unknown>;

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" &&
  value !== null &&
  "content" in value &&
  (value as Refusal).content["application/json"]?.schema === errorAnswer;

/**
 * A route's whole list of answers: its own (200, and the refusals its service gives) and those of
 * its shape. Both reasons are kept when a route gives a status for two (a 404 of a malformed id
 * and of a missing thing); a bare `errorAnswer` gets the shape's reason, or a generic one.
 */
export function declaredAnswers(shapes: RouteShape[], own: Responses): Responses {
  const constructed: Partial<Record<ErrorStatus, string>> = {};
  for (const shape of shapes) {
    for (const [status, why] of Object.entries(refusalsByConstruction(shape))) {
      const key = Number(status) as ErrorStatus;
      if (!constructed[key]?.includes(why)) constructed[key] = [constructed[key], why].filter(Boolean).join(" ");
    }
  }
  const answers: Responses = { ...refusals(constructed) };
  for (const [status, answer] of Object.entries(own)) {
    const byShape = constructed[Number(status) as ErrorStatus];
    if (answer === errorAnswer) answers[status] = refusal(byShape ?? "Refused (the message says why).");
    else if (isRefusal(answer) && byShape) answers[status] = refusal(`${answer.description} Or: ${byShape}`);
    else answers[status] = answer;
  }
  return answers;
}

/**
 * Completes every documented route's `response` as it is added (registered before the routes):
 * the document then lists every status the route can answer, and the serializer checks every
 * error body against the one shared shape. Hidden routes (the API reference itself) are left out.
 */
export function registerDeclaredAnswers(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean; response?: Responses }) | undefined;
    if (!schema?.response || schema.hide) return;
    const shapes = ([route.method].flat() as HTTPMethods[]).map((method) => ({
      method,
      access: route.config?.access,
      limited: Boolean(route.config?.limits?.length),
      querystring: Boolean(schema.querystring),
      params: Boolean(schema.params),
    }));
    route.schema = { ...schema, response: declaredAnswers(shapes, schema.response) };
  });
}

/** One answer as sent: what the document must have declared for its route. */
export interface SentAnswer {
  method: string;
  /** The route's pattern (`/api/auctions/:id`), undefined when no route matched. */
  route: string | undefined;
  status: number;
  /** The media type, without parameters (`application/json`), undefined without a body. */
  contentType: string | undefined;
  /** A route the document leaves out on purpose (the API reference itself). */
  hidden: boolean;
}

/** Tells `onAnswer` of every answer sent (tests hold each to the document); production never calls it. */
export function reportAnswers(app: FastifyInstance, onAnswer: (answer: SentAnswer) => void): void {
  app.addHook("onResponse", async (request, reply) => {
    const type = reply.getHeader("content-type");
    onAnswer({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      contentType: typeof type === "string" ? type.split(";")[0]?.trim().toLowerCase() : undefined,
      hidden: Boolean((request.routeOptions.schema as { hide?: boolean } | undefined)?.hide),
    });
  });
}

/** A 200 of a file's bytes, in one of `types` (never JSON): its content form, one entry a type. */
export function fileAnswer(description: string, types: readonly string[]) {
  const bytes = z.string().meta({ format: "binary" });
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: bytes }])) };
}
