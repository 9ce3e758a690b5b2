import type { RealtimePort, Runtime } from "@bm/core";
import { type ClientToServerEvents, rooms, type ServerToClientEvents } from "@bm/shared";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { isAllowedOrigin } from "../plugins/security";
import { SESSION_COOKIE } from "../plugins/session";

export interface SocketData {
  userId: string;
}

export type Gateway = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Socket.IO adapter key; the workers' Redis emitter uses the same one. */
export function socketKey(prefix: string): string {
  return `${prefix}socket.io`;
}

/**
 * Socket.IO on the API's own port: the session cookie authenticates the socket, the handshake's
 * Origin is checked like any state-changing request, and with Redis every API node shares rooms.
 */
export function attachGateway(app: FastifyInstance, runtime: Runtime): Gateway {
  const { publicUrl } = runtime.config;
  const io: Gateway = new Server(app.server, {
    serveClient: false,
    allowRequest(req, callback) {
      const origin = req.headers.origin;
      const own = req.headers.host
        ? `${(req.socket as { encrypted?: boolean }).encrypted ? "https" : "http"}://${req.headers.host}`
        : undefined;
      const forwardedOwn =
        req.headers["x-forwarded-proto"] && req.headers.host
          ? `${req.headers["x-forwarded-proto"]}://${req.headers.host}`
          : undefined;
      if (
        origin &&
        !isAllowedOrigin(origin, own, publicUrl) &&
        !(forwardedOwn && isAllowedOrigin(origin, forwardedOwn, publicUrl))
      ) {
        return callback("origin refused", false);
      }
      callback(null, true);
    },
  });

  if (runtime.redis) {
    const pub = runtime.redis.duplicate();
    const sub = runtime.redis.duplicate();
    io.adapter(createAdapter(pub, sub, { key: socketKey(runtime.config.redisPrefix) }));
    app.addHook("onClose", async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use((socket, next) => {
    const userId = sessionUserId(app, socket.request.headers.cookie);
    userId.then(
      (id) => {
        if (!id) return next(new Error("unauthorized"));
        socket.data.userId = id;
        next();
      },
      () => next(new Error("unauthorized")),
    );
  });

  io.on("connection", (socket) => {
    void socket.join(rooms.user(socket.data.userId));
    registerWatches(socket, runtime);
    socket.on("disconnect", () => {
      runtime.presence.dropSocket(socket.id).catch((err) => runtime.log.warn({ err }, "presence: drop failed"));
    });
  });

  // The port's signature types each event with its payload; Socket.IO's acknowledgement-decorated
  // map cannot follow a generic event name, so the call goes through the untyped server.
  const untyped = io as unknown as Server;
  const adapter: RealtimePort = { emit: (room, event, payload) => untyped.to(room).emit(event, payload) };
  runtime.realtime.attach(adapter);
  app.addHook("onClose", async () => {
    await io.close();
  });
  return io;
}

async function sessionUserId(app: FastifyInstance, cookieHeader: string | undefined): Promise<string | undefined> {
  if (!cookieHeader) return undefined;
  const cookies = app.parseCookie(cookieHeader);
  const signed = cookies[SESSION_COOKIE];
  if (!signed) return undefined;
  const fake = {} as FastifyRequest;
  await new Promise<void>((resolve, reject) => {
    app.decryptSession(signed, fake, (error?: Error) => (error ? reject(error) : resolve()));
  });
  return fake.session?.userId;
}

type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const lotNumberPayload = z.object({ lotNumber: z.coerce.number().int().positive() });
const auctionPayload = z.object({ id: z.coerce.number().int().positive() });

/**
 * Watching joins a room and answers with a snapshot, so a client that reconnects resyncs
 * without a reload. Handlers validate, then acknowledge; a bad payload is answered, never thrown.
 */
function registerWatches(socket: GatewaySocket, runtime: Runtime): void {
  const fail = (ack: unknown, message: string) => {
    if (typeof ack === "function") ack({ ok: false, message });
  };

  socket.on("lot:watch", async (payload, ack) => {
    const parsed = lotNumberPayload.safeParse(payload);
    if (!parsed.success) return fail(ack, "Invalid lot");
    try {
      const snapshot = await runtime.lots.snapshotByNumber(parsed.data.lotNumber);
      if (!snapshot) return fail(ack, "This lot has been lost to the darkness");
      await socket.join(rooms.lot(snapshot.lotId));
      // Presence only spares a watching member an e-mail: its failure must not fail the watch.
      await runtime.presence.watch(socket.id, socket.data.userId, snapshot.lotId).catch(() => {});
      ack?.({ ok: true, snapshot });
    } catch (error) {
      runtime.log.error({ err: error }, "lot:watch failed");
      fail(ack, "Unavailable");
    }
  });

  socket.on("lot:unwatch", async (payload) => {
    const parsed = lotNumberPayload.safeParse(payload);
    if (!parsed.success) return;
    const snapshot = await runtime.lots.snapshotByNumber(parsed.data.lotNumber).catch(() => null);
    if (!snapshot) return;
    await socket.leave(rooms.lot(snapshot.lotId));
    await runtime.presence.unwatch(socket.id, socket.data.userId, snapshot.lotId).catch(() => {});
  });

  socket.on("lots:watch", async (_payload, ack) => {
    try {
      await socket.join(rooms.lots());
      ack?.({ ok: true, snapshot: await runtime.lots.snapshots() });
    } catch (error) {
      runtime.log.error({ err: error }, "lots:watch failed");
      fail(ack, "Unavailable");
    }
  });

  socket.on("lots:unwatch", async () => {
    await socket.leave(rooms.lots());
  });

  socket.on("auction:watch", async (payload, ack) => {
    const parsed = auctionPayload.safeParse(payload);
    if (!parsed.success) return fail(ack, "Invalid auction");
    try {
      const snapshot = await runtime.auctions.snapshot(parsed.data.id);
      if (!snapshot) return fail(ack, "Auction Not Found");
      await socket.join(rooms.auction(parsed.data.id));
      ack?.({ ok: true, snapshot });
    } catch (error) {
      runtime.log.error({ err: error }, "auction:watch failed");
      fail(ack, "Unavailable");
    }
  });

  socket.on("auction:unwatch", async (payload) => {
    const parsed = auctionPayload.safeParse(payload);
    if (parsed.success) await socket.leave(rooms.auction(parsed.data.id));
  });
}
