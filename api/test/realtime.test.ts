import { rooms } from "@bm/shared";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

function open(url: string, headers: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      transports: ["websocket"],
      extraHeaders: headers,
      reconnection: false,
      timeout: 5000,
    });
    socket.on("connect", () => resolve(socket));
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
