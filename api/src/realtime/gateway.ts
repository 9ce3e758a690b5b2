import type { Runtime } from "@bm/core";
import { type ClientToServerEvents, rooms, type ServerToClientEvents } from "@bm/shared";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Server } from "socket.io";
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
  });

  // Events are typed at their producers (ServerToClientEvents); the port carries them untyped.
  const untyped = io as unknown as Server;
  runtime.realtime.attach({ emit: (room, event, payload) => untyped.to(room).emit(event, payload) });
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
