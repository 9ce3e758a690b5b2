import { vi } from "vitest";

/** An answer of the stubbed server: a status and a JSON body. */
export interface StubAnswer {
  status: number;
  body: unknown;
}
type Route = StubAnswer | ((request: { url: URL; body: unknown }) => StubAnswer);

/** One request the stub received. */
export interface StubCall {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * Stubs `fetch` with answers by "METHOD /path" (the query string is not part of the key; the
 * calls keep it). Anything unknown answers 404 `{message: 'Not found'}` as the server would.
 */
export function serve(routes: Record<string, Route>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://house.test");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === "function" ? route({ url, body }) : (route ?? { status: 404, body: { message: "Not found" } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}
