import { vi } from "vitest";

/** An answer of the stubbed server: a status and a JSON body, or "offline" (fetch rejects, as with no network). */
export type StubAnswer = { status: number; body: unknown } | "offline";

/** One request the stub received. */
export interface StubCall {
  method: string;
  url: URL;
  body: unknown;
}

/** Makes an answer from the request (it may wait, to hold a request in flight). */
export type StubResponder = (request: StubCall) => StubAnswer | Promise<StubAnswer>;
/** A fixed answer, or one made from the request. */
export type StubRoute = StubAnswer | StubResponder;

/** A JSON answer: `answer(body)` is a 200, `answer(body, 503)` a refusal. */
export const answer = (body: unknown, status = 200): StubAnswer => ({ status, body });

/** What the server says of a path it does not know. */
const notFound: StubResponder = () => ({ status: 404, body: { message: "Not found" } });

/**
 * Stubs `fetch` with answers by "METHOD /path" (the query string is not part of the key; the
 * calls keep it). Anything unknown goes to `otherwise`, by default a 404 `{message: 'Not found'}` as the
 * server would say.
 */
export function serve(routes: Record<string, StubRoute>, otherwise: StubResponder = notFound) {
  const calls: StubCall[] = [];
  /** The body of every POST, in order (live: it grows as the page sends). */
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://house.test");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method === "POST") posted.push(body);
    const route = routes[`${method} ${url.pathname}`] ?? otherwise;
    const answer = typeof route === "function" ? await route({ method, url, body }) : route;
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    posted,
    fetchMock,
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

/** Stubs `fetch` with one answer to every request, whatever its path. */
export const serveAll = (to: StubAnswer) => serve({}, () => to);
