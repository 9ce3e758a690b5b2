import { noteOutage, noteRecovered, OUTAGE_RETRIES, retryDelayMs } from "./outage";
import { noteServerDate } from "./server-clock";

/**
 * The one HTTP client of the web app. Every call sends the session cookie; a JSON body (with its
 * content type) is sent only when there is one. The server refuses state-changing requests that
 * are not JSON, so callers post `{}` when they have no payload (the default of `api.post`).
 */

/** Anything with a zod-like `parse`: the shared schemas of `@bm/shared` fit. */
interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * The server answered, but not with success. `message` is what the member reads; `code` is the
 * server's stable error code when its body carried one (bid errors map it to a toast title).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/** What a member reads when a request got no answer: not a refusal, the House is out of reach. */
export const UNREACHABLE_MESSAGE = "The House cannot be reached. Check your connection and try again.";
export const UNREACHABLE_TITLE = "Connection Lost";

/**
 * The request never got an answer (offline, server down, connection reset): `fetch` rejected
 * with a TypeError. A distinct kind, so the page never words it as the server's refusal.
 */
export class NetworkError extends Error {
  constructor(message = UNREACHABLE_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NetworkError";
  }
}

export const INVALID_RESPONSE_MESSAGE = "Server returned an invalid response. Please try again.";

/**
 * The spec's error rule: read the body text; if it parses as JSON its `message` field is the
 * message, otherwise the raw text, otherwise the status text.
 */
export function errorMessageFromBody(text: string, statusText: string, status: number): string {
  const raw = text.trim();
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === "object" && "message" in parsed) {
        const message = (parsed as { message: unknown }).message;
        if (typeof message === "string" && message.trim()) return message;
      }
    } catch {
      // Not JSON: the raw text is the message.
    }
    return raw;
  }
  return statusText || `Request failed (${status})`;
}

/** The `code` field of a JSON error body, when there is one. */
function errorCodeFromBody(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "code" in parsed) {
      const code = (parsed as { code: unknown }).code;
      if (typeof code === "string" && code) return code;
    }
  } catch {
    // Not JSON: no code.
  }
  return undefined;
}

async function errorFromResponse(res: Response): Promise<ApiError> {
  let text = "";
  try {
    text = await res.text();
  } catch {
    // Body unreadable: fall back to the status text.
  }
  return new ApiError(res.status, errorMessageFromBody(text, res.statusText, res.status), errorCodeFromBody(text));
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions<T> {
  body?: unknown;
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * Sends one request and returns the raw response. Network failures become `NetworkError`;
 * an abort is passed through untouched.
 */
export async function send(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...extraHeaders };
  const init: RequestInit = { method, credentials: "include", headers, signal };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const sentAt = Date.now();
  try {
    const res = await fetch(path, init);
    // Every answer tells the server's time: countdowns follow it, not the device's clock.
    noteServerDate(res.headers.get("Date"), sentAt, Date.now());
    return res;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new NetworkError(undefined, { cause });
  }
}

export async function request<T = unknown>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { body, schema, signal, headers } = options;
  let res = await send(method, path, body, signal, headers);
  // An outage (503): a read is asked again by itself after Retry-After, while the page says the
  // House is reconnecting; a write is not (a bid retries itself, with its Idempotency-Key).
  // (The server's outage and load-shedding answers carry Retry-After; a 503 without one is final.)
  const outage = (r: Response) => r.status === 503 && r.headers.has("Retry-After");
  for (let attempt = 0; outage(res) && method === "GET" && attempt < OUTAGE_RETRIES; attempt++) {
    noteOutage();
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(res.headers.get("Retry-After"))));
    res = await send(method, path, body, signal, headers);
  }
  if (!outage(res)) noteRecovered();
  if (!res.ok) throw await errorFromResponse(res);

  const text = await res.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, INVALID_RESPONSE_MESSAGE);
    }
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError(res.status, INVALID_RESPONSE_MESSAGE);
  }
}

export const api = {
  get: <T = unknown>(path: string, schema?: Parser<T>, signal?: AbortSignal) =>
    request<T>("GET", path, { schema, signal }),
  post: <T = unknown>(path: string, body: unknown = {}, schema?: Parser<T>) =>
    request<T>("POST", path, { body, schema }),
  put: <T = unknown>(path: string, body: unknown = {}, schema?: Parser<T>) => request<T>("PUT", path, { body, schema }),
  delete: <T = unknown>(path: string, schema?: Parser<T>) => request<T>("DELETE", path, { schema }),
};

/**
 * An answer checked against its schema after the request (for schemas loaded beside it): a
 * mismatch reads like any invalid response.
 */
export function parseAnswer<T>(schema: Parser<T>, data: unknown): T {
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError(200, INVALID_RESPONSE_MESSAGE);
  }
}

/**
 * The message to show for a failed call: the server's words, 'The House cannot be reached...'
 * when there was no answer, else the caller's fallback.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof NetworkError) return UNREACHABLE_MESSAGE;
  return fallback;
}

/** The toast title for a failed call: 'Connection Lost' when there was no answer, else the refusal's. */
export function titleOf(error: unknown, refusalTitle: string): string {
  return error instanceof NetworkError ? UNREACHABLE_TITLE : refusalTitle;
}
