import { rooms } from "@bm/shared";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

/** A socket, once the server has sent it the member's credits as they stand (its first word). */
function open(url: string, headers: Record<string, string>): Promise<Socket> {
  return openTold(url, headers).then(({ socket }) => socket);
}

function openTold(url: string, headers: Record<string, string>): Promise<{ socket: Socket; credits: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      transports: ["websocket"],
      extraHeaders: headers,
      reconnection: false,
      timeout: 5000,
    });
    socket.once("user:credits", (credits: unknown) => resolve({ socket, credits }));
    socket.on("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

describe("socket gateway", () => {
  let t: TestApp;
  let second: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp("distributed");
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("refuses a handshake without a signed-in session", async () => {
    await expect(open(t.baseUrl, { origin: t.baseUrl })).rejects.toThrow(/unauthorized/);
  });

  it("refuses a handshake from a foreign Origin, even with a valid session", async () => {
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("socket-foreign"));
    await expect(open(t.baseUrl, { origin: "https://evil.example", cookie: member.cookie })).rejects.toThrow();
  });

  it("tells each socket, as it connects, the member's credits as they stand", async () => {
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("socket-told"));
    const me = (await member.get<{ id: string }>("/api/auth/user")).body;
    await grant(t.runtime, me.id, 3_00);
    const { socket, credits } = await openTold(t.baseUrl, { origin: t.baseUrl, cookie: member.cookie });
    socket.close();
    expect(credits).toEqual({ mpcBalance: "3.00", committedCredits: 0, available: 3 });
    // Credits that changed while no socket listened are what the next connection is told.
    await grant(t.runtime, me.id, 2_00, "second-grant");
    const again = await openTold(t.baseUrl, { origin: t.baseUrl, cookie: member.cookie });
    again.socket.close();
    expect(again.credits).toEqual({ mpcBalance: "5.00", committedCredits: 0, available: 5 });
  });

  it("authenticates by the session cookie and delivers the member's own room", async () => {
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("socket"));
    const me = (await member.get<{ id: string }>("/api/auth/user")).body;
    const socket = await open(t.baseUrl, { origin: t.baseUrl, cookie: member.cookie });
    try {
      const received = new Promise((resolve) => socket.on("user:credits", resolve));
      await new Promise((r) => setTimeout(r, 50));
      t.runtime.realtime.emit(rooms.user(me.id), "user:credits", {
        mpcBalance: "1.00",
        committedCredits: 0,
        available: 1,
      });
      expect(await received).toEqual({ mpcBalance: "1.00", committedCredits: 0, available: 1 });
    } finally {
      socket.close();
    }
  });

  it("shares rooms across two API nodes on one Redis", async () => {
    // A second node on the same database and Redis prefix, as behind a load balancer.
    second = await startTestApp("distributed", {
      DATABASE_URL: t.runtime.config.databaseUrl ?? "",
      REDIS_PREFIX: t.runtime.config.redisPrefix,
    });
    const member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("socket-multi"));
    const me = (await member.get<{ id: string }>("/api/auth/user")).body;
    const socket = await open(second.baseUrl, { origin: second.baseUrl, cookie: member.cookie });
    try {
      const received = new Promise((resolve) => socket.on("user:credits", resolve));
      await new Promise((r) => setTimeout(r, 100));
      t.runtime.realtime.emit(rooms.user(me.id), "user:credits", {
        mpcBalance: "2.00",
        committedCredits: 1,
        available: 1,
      });
      expect(await received).toEqual({ mpcBalance: "2.00", committedCredits: 1, available: 1 });
    } finally {
      socket.close();
    }
  });
});
