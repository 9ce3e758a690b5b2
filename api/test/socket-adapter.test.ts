import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { redisConnection, silentLogger } from "@bm/core";
import { TEST_REDIS_URL, testRedisPrefix } from "@bm/core/testing";
import { Server, type Socket as ServerSocket } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisSocketAdapter } from "../src/realtime/socket-adapter";
import { clearRedisPrefix } from "./support/cluster";

/**
 * The classic adapter as the gateway makes it (api/src/realtime/socket-adapter.ts), on real Redis
 * and a real socket: a broadcast's PUBLISH leaves for the other nodes before this node's sockets
 * are sent the packet, so the nodes fan out in parallel rather than one after the other.
 */
describe("the Socket.IO adapter: the other nodes first", () => {
  const prefix = testRedisPrefix("adapter");
  const key = `${prefix}socket.io`;
  const redis = redisConnection(TEST_REDIS_URL, silentLogger);
  const listener = redis.duplicate();
  const { adapter, pub, sub } = redisSocketAdapter(redis, key, "classic");
  const http = createServer();
  const io = new Server(http, { serveClient: false, perMessageDeflate: false });
  io.adapter(adapter);
  let client: Socket;
  let here: ServerSocket;

  beforeAll(async () => {
    const joined = new Promise<ServerSocket>((resolve) =>
      io.on("connection", (socket) => {
        void socket.join("lot");
        resolve(socket);
      }),
    );
    await Promise.all([pub.ping(), sub.ping()]);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ["websocket"] });
    here = await joined;
    await listener.psubscribe(`${key}#*`);
  });
  afterAll(async () => {
    client?.close();
    io.close();
    await Promise.allSettled([pub.quit(), sub.quit(), listener.quit(), redis.quit()]);
    await clearRedisPrefix(TEST_REDIS_URL, prefix);
  });

  it("writes the PUBLISH before the packet to its own sockets, and both arrive", async () => {
    const order: string[] = [];
    const stream = (pub as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream;
    const write = stream.write;
    stream.write = function (this: unknown, ...args: unknown[]) {
      if (String(args[0]).includes("publish")) order.push("publish");
      return write.apply(this, args);
    };
    const client_ = here.client as unknown as { writeToEngine: (...args: unknown[]) => void };
    const writeToEngine = client_.writeToEngine;
    client_.writeToEngine = function (this: unknown, ...args: unknown[]) {
      order.push("local");
      writeToEngine.apply(this, args);
    };
    try {
      const published = new Promise<string>((resolve) =>
        listener.once("pmessageBuffer", (_pattern: Buffer, channel: Buffer) => resolve(channel.toString())),
      );
      const heard = new Promise<unknown>((resolve) => client.once("lot:bid", resolve));
      io.to("lot").emit("lot:bid", { version: 7 });
      expect(await heard).toEqual({ version: 7 });
      expect(await published).toBe(`${key}#/#lot#`);
      expect(order).toEqual(["publish", "local"]);
    } finally {
      stream.write = write;
      client_.writeToEngine = writeToEngine;
    }
  });

  it("keeps broadcasts in their order for its own sockets", async () => {
    const heard: number[] = [];
    const all = new Promise<void>((resolve) =>
      client.on("tick", (n: number) => {
        heard.push(n);
        if (heard.length === 20) resolve();
      }),
    );
    for (let n = 1; n <= 20; n++) io.to("lot").emit("tick", n);
    await all;
    expect(heard).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
