import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heldUser, refreshUser, resetAuth, setGateOpen, signOut } from "./session";

const user = {
  id: "u1",
  email: "seeker@example.com",
  firstName: null,
  lastName: null,
  isAdmin: false,
  isStaff: true,
  mpcBalance: "12.00",
  referralCode: null,
  gateOpen: true,
};

describe("who is signed in", () => {
  beforeEach(() => resetAuth());
  afterEach(() => vi.unstubAllGlobals());

  it("is unknown at first, then the user the server returns", async () => {
    expect(heldUser()).toBeUndefined();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(user), { status: 200 })),
    );
    await refreshUser();
    expect(heldUser()).toEqual(user);
  });

  it("follows the server's word on the gate without asking for the user again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ ...user, gateOpen: false }), { status: 200 })),
    );
    await refreshUser();
    setGateOpen(true);
    expect(heldUser()).toEqual({ ...user, gateOpen: true });
    setGateOpen(false);
    expect(heldUser()?.gateOpen).toBe(false);
  });

  it("treats any non-OK answer as signed out", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 500 })),
    );
    await expect(refreshUser()).resolves.toBeNull();
    expect(heldUser()).toBeNull();
  });

  it("posts an empty JSON body to sign out and clears the user", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(user), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await refreshUser();
    await signOut();
    const [path, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(path).toBe("/api/auth/logout");
    expect(init).toMatchObject({ method: "POST", body: "{}" });
    expect(heldUser()).toBeNull();
  });

  it("clears the user even when signing out fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(user), { status: 200 })),
    );
    await refreshUser();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await signOut();
    expect(heldUser()).toBeNull();
  });

  it("keeps only the newest answer when checks overlap", async () => {
    let releaseSlow: (r: Response) => void = () => {};
    const slow = new Promise<Response>((resolve) => {
      releaseSlow = resolve;
    });
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => slow)
      .mockImplementationOnce(async () => new Response("", { status: 401 }));
    vi.stubGlobal("fetch", fetchMock);
    const first = refreshUser();
    await refreshUser();
    releaseSlow(new Response(JSON.stringify(user), { status: 200 }));
    await first;
    expect(heldUser()).toBeNull();
  });
});
