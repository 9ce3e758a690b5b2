import { authUser } from "@bm/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  api,
  errorMessageFromBody,
  INVALID_RESPONSE_MESSAGE,
  messageOf,
  NetworkError,
  request,
  titleOf,
} from "./api";
import { useOutageStore } from "./outage";

function respond(body: string, init: ResponseInit = {}) {
  const fetchMock = vi.fn(async () => new Response(body, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("error message rule", () => {
  it("takes the message field of a JSON body", () => {
    expect(
      errorMessageFromBody('{"message":"Invalid or expired code","code":"INVALID_CODE"}', "Bad Request", 400),
    ).toBe("Invalid or expired code");
  });

  it("falls back to the raw text when the JSON has no message", () => {
    expect(errorMessageFromBody('{"error":"nope"}', "Bad Request", 400)).toBe('{"error":"nope"}');
  });

  it("uses the raw text when the body is not JSON", () => {
    expect(errorMessageFromBody("Gateway exploded", "Bad Gateway", 502)).toBe("Gateway exploded");
  });

  it("uses the status text when the body is empty", () => {
    expect(errorMessageFromBody("", "Service Unavailable", 503)).toBe("Service Unavailable");
  });

  it("names the status when there is neither body nor status text", () => {
    expect(errorMessageFromBody("", "", 500)).toBe("Request failed (500)");
  });
});

describe("api client", () => {
  it("throws an ApiError carrying the status and the server's message", async () => {
    respond(JSON.stringify({ message: "Too many codes requested. Try again later." }), {
      status: 429,
      statusText: "Too Many Requests",
      headers: { "Content-Type": "application/json" },
    });
    const error = await caught(api.post("/api/auth/send-code", { email: "a@b.co" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: "Too many codes requested. Try again later." });
  });

  it("carries the server's error code, so a bid refusal can be titled by it", async () => {
    respond(JSON.stringify({ message: "Your bid must exceed the current bid of $12.00", code: "INVALID_BID" }), {
      status: 400,
    });
    const error = await caught(api.post("/api/auction-lots/1/bid", { amount: "5.00" }));
    expect(error).toMatchObject({ status: 400, code: "INVALID_BID" });

    respond("Upstream unavailable", { status: 502 });
    expect(await caught(api.get("/api/auction-lots"))).toMatchObject({ status: 502, code: undefined });
  });

  it("reads a plain-text error body as the message", async () => {
    respond("Upstream unavailable", { status: 502, statusText: "Bad Gateway" });
    const error = await caught(api.get("/api/auth/user"));
    expect(error).toMatchObject({ status: 502, message: "Upstream unavailable" });
  });

  it("falls back to the status text for an empty error body", async () => {
    respond("", { status: 401, statusText: "Unauthorized" });
    const error = await caught(api.get("/api/auth/user"));
    expect(error).toMatchObject({ status: 401, message: "Unauthorized" });
  });

  it("sends credentials, and a JSON body with its content type only when there is a body", async () => {
    const fetchMock = respond("{}", { status: 200 });
    await api.get("/api/auth/user");
    await api.post("/api/auth/logout");
    await api.post("/api/auth/send-code", { email: "a@b.co" });

    const [getInit, logoutInit, sendInit] = fetchMock.mock.calls.map((call) => (call as unknown[])[1] as RequestInit);
    expect(getInit).toMatchObject({ method: "GET", credentials: "include" });
    expect(getInit?.body).toBeUndefined();
    expect(getInit?.headers).not.toHaveProperty("Content-Type");

    expect(logoutInit).toMatchObject({ method: "POST", credentials: "include", body: "{}" });
    expect(logoutInit?.headers).toHaveProperty("Content-Type", "application/json");

    expect(sendInit).toMatchObject({ body: JSON.stringify({ email: "a@b.co" }) });
    expect(sendInit?.headers).toHaveProperty("Content-Type", "application/json");
  });

  it("validates answers with the shared schema", async () => {
    const user = {
      id: "u1",
      email: "seeker@example.com",
      firstName: null,
      lastName: null,
      isAdmin: false,
      isStaff: false,
      mpcBalance: "12.00",
      referralCode: "AB12CD",
      gateOpen: false,
    };
    respond(JSON.stringify(user), { status: 200 });
    await expect(api.get("/api/auth/user", authUser)).resolves.toEqual(user);

    respond(JSON.stringify({ ...user, mpcBalance: 12 }), { status: 200 });
    await expect(api.get("/api/auth/user", authUser)).rejects.toMatchObject({ message: INVALID_RESPONSE_MESSAGE });
  });

  it("says the House cannot be reached when the request gets no answer, not a refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await caught(api.post("/api/auth/send-code", { email: "a@b.co" }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(messageOf(error, "The mystical forces are disrupted")).toBe(
      "The House cannot be reached. Check your connection and try again.",
    );
    expect(titleOf(error, "Access Denied")).toBe("Connection Lost");
  });

  it("keeps a refusal in the server's words, distinct from an unreachable server", async () => {
    respond('{"message":"Invalid or expired code","code":"INVALID_CODE"}', { status: 400 });
    const error = await caught(api.post("/api/auth/verify-code", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(messageOf(error, "fallback")).toBe("Invalid or expired code");
    expect(titleOf(error, "Access Denied")).toBe("Access Denied");
  });
});

describe("reads during an outage", () => {
  it("asks a read again after a 503's Retry-After, saying the House is reconnecting, and clears it once answered", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      new Response(
        JSON.stringify({ message: "The House is reconnecting. Try again in a moment.", code: "UNAVAILABLE" }),
        {
          status: 503,
          headers: { "Retry-After": "1" },
        },
      ),
      new Response(JSON.stringify({ ok: true }), { status: 200 }),
    ];
    const fetched = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal("fetch", fetched);
    const asked = request("GET", "/api/thing");
    await vi.advanceTimersByTimeAsync(10);
    expect(useOutageStore.getState().reconnecting).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(asked).resolves.toEqual({ ok: true });
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(useOutageStore.getState().reconnecting).toBe(false);
    vi.useRealTimers();
  });

  it("never sends a write twice on a 503", async () => {
    const fetched = vi.fn(
      async () => new Response(JSON.stringify({ message: "busy", code: "UNAVAILABLE" }), { status: 503 }),
    );
    vi.stubGlobal("fetch", fetched);
    await expect(request("POST", "/api/thing", { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetched).toHaveBeenCalledTimes(1);
  });
});
