import { createRequire } from "node:module";
import { rooms } from "@bm/shared";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { openSocket, watchLot } from "./support/sockets";

/**
 * The `ws` module the server's Socket.IO adapter and engine frame with. Every WebSocket frame of
 * the process is built by its `Sender.frame`; a server's frames are the unmasked ones.
 */
function serverFrames(): { count(): number; restore(): void } {
  const fromApi = createRequire(import.meta.url);
  const fromSocketIo = createRequire(fromApi.resolve("socket.io"));
  const fromAdapter = createRequire(fromSocketIo.resolve("socket.io-adapter"));
  const { Sender } = fromAdapter("ws") as {
    Sender: { frame: (data: unknown, options: { mask?: boolean }) => unknown };
  };
  const original = Sender.frame;
  let unmasked = 0;
  Sender.frame = (data, options) => {
    if (!options.mask) unmasked += 1;
    return original.call(Sender, data, options);
  };
  return {
    count: () => unmasked,
    restore: () => {
      Sender.frame = original;
    },
  };
}

describe("fan-out: one encoding per broadcast", () => {
  let t: TestApp;
  let second: TestApp;
  let member: Client;
  beforeAll(async () => {
    t = await startTestApp("distributed");
    second = await startTestApp("distributed", {
      DATABASE_URL: t.runtime.config.databaseUrl ?? "",
      REDIS_PREFIX: t.runtime.config.redisPrefix,
    });
    member = new Client(t.baseUrl);
    await member.signIn(t, uniqueEmail("fanout"));
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("negotiates no per-message compression, though the client offers it", async () => {
    const socket = await openSocket(t.baseUrl, member.cookie);
    try {
      const transport = socket.io.engine.transport as unknown as { name: string; ws: { extensions: string } };
      expect(transport.name).toBe("websocket");
      expect(transport.ws.extensions).toBe("");
    } finally {
      socket.close();
    }
  });

  it("frames a broadcast once per node, and every socket of the room on both nodes has it", async () => {
    const lot = await createLot(t.runtime);
    const sockets: Socket[] = [];
    try {
      for (const node of [t, second, t, second, t, second]) {
        const socket = await openSocket(node.baseUrl, member.cookie);
        sockets.push(socket as unknown as Socket);
        await watchLot(socket, lot.lotNumber);
      }
      const arrived = sockets.map((s) => new Promise((resolve) => s.once("lot:bid", resolve)));
      const payload = {
        lotId: lot.id,
        lotNumber: lot.lotNumber,
        currentBid: "6.00",
        minimumBid: "7.00",
        bidCount: 1,
        closesAt: new Date().toISOString(),
        pausedAt: null,
        isClosed: false,
        bidId: 1,
        amount: "6.00",
        bidder: "Bidder 1",
        createdAt: new Date().toISOString(),
        version: 1,
        bids: [{ id: 1, amount: "6.00", bidder: "Bidder 1", createdAt: new Date().toISOString(), byHouse: false }],
      };
      const frames = serverFrames();
      try {
        t.runtime.realtime.emit(rooms.lot(lot.id), "lot:bid", payload);
        const received = await Promise.all(arrived);
        expect(received).toEqual(sockets.map(() => payload));
        // Three sockets on each node: the emitting node frames it once, the other once on hearing
        // it from Redis. Framed per socket it would be six.
        expect(frames.count()).toBe(2);
      } finally {
        frames.restore();
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
