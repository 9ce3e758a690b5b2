import { type RealtimePort, type Runtime, SESSIONS_ENDED } from "@bm/core";
import { Messages, rooms } from "@bm/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Server } from "socket.io";
import { passesGate } from "../plugins/access";
import { isAllowedOrigin } from "../plugins/security";
import { SESSION_COOKIE } from "../plugins/session";
import { attachConsoleRoom } from "./console-room";
import { listenForOutages } from "./hearing";
import { redisSocketAdapter } from "./socket-adapter";
import type { Gateway, GatewaySocket } from "./socket-types";
import { registerWatches } from "./watches";

/** Socket.IO adapter key; the workers' Redis emitter uses the same one. */
export function socketKey(prefix: string): string {
  return `${prefix}socket.io`;
}

/** Every socket of one sign-in session, so sign-out can close exactly those, on every node. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** A socket may send this many events at once, refilled at EVENTS_PER_SECOND: a person never notices. */
export const EVENT_BURST = 20;
export const EVENTS_PER_SECOND = 5;
/** A client that keeps sending past its limit this many times is disconnected. */
const OVERRUNS_BEFORE_DISCONNECT = 50;

/**
 * Socket.IO on the API's own port: the session cookie authenticates the socket, the handshake's
 * Origin is checked like any state-changing request, and with Redis every API node shares rooms.
 */
export function attachGateway(app: FastifyInstance, runtime: Runtime): Gateway {
  const { publicUrl, trustProxy } = runtime.config;
  const io: Gateway = new Server(app.server, {
    serveClient: false,
    // One encoding per broadcast, whatever the room's size: the adapter frames each broadcast once
    // (its WebSocket frame included) and every socket is sent those bytes, which holds only while
    // no message is compressed per connection. Socket.IO's default, stated so it stays so.
    perMessageDeflate: false,
    allowRequest(req, callback) {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      // The scheme the client used: the socket's own, or the trusted proxy's word for it.
      const forwarded =
        trustProxy > 0
          ? String(req.headers["x-forwarded-proto"] ?? "")
              .split(",")[0]
              ?.trim()
          : "";
      const scheme = forwarded || ((req.socket as { encrypted?: boolean }).encrypted ? "https" : "http");
      const own = req.headers.host ? `${scheme}://${req.headers.host}` : undefined;
      if (!isAllowedOrigin(origin, own, publicUrl)) return callback("origin refused", false);
      callback(null, true);
    },
  });

  /** False once the server has begun to close and its publisher to quit: events are no longer sent. */
  let published = true;
  if (runtime.redis) {
    const { config } = runtime;
    const { adapter, pub, sub } = redisSocketAdapter(
      runtime.redis,
      socketKey(config.redisPrefix),
      config.socketAdapter,
      runtime.log,
    );
    io.adapter(adapter);
    listenForOutages(io, sub, runtime, () => published);
    // Sessions and members that ended on one node leave every node's snapshots (SessionStore):
    // said on the adapter's request channel, before the sockets are closed on the same channel,
    // and answered by each node once done, so a sign-out answers after every node has forgotten.
    runtime.sessions.shareWith((ended) => io.serverSideEmitWithAck(SESSIONS_ENDED, ended));
    io.on(SESSIONS_ENDED, (ended, done) => {
      runtime.sessions.forget(ended);
      // The workers' emitter asks for no answer (it sends no callback, whatever the type says).
      if (typeof done === "function") done(true);
    });
    app.addHook("onClose", async () => {
      // Nothing announces past the publisher's QUIT: the close watch stops first (a lot it closed
      // after the QUIT was announced on a closed connection, an unhandled rejection in the
      // adapter), then the bids' after-commit events; what comes later is dropped with a warning
      // (a publish on the closed connection would be an unhandled rejection inside the adapter).
      await runtime.closeWatch.stopWatching();
      await Promise.all([runtime.bidding.settle(), runtime.auctions.settle()]);
      published = false;
      // A PING goes out in the auto-pipeline behind the publishes already asked for: once it is
      // answered, they have left, and the QUIT (not pipelined) cannot overtake them.
      await pub.ping().catch(() => {});
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use((socket, next) => {
    sessionOf(app, socket.request.headers.cookie)
      // A session of a member who is gone (erased at their request) opens nothing.
      .then(async (session) => {
        if (!session) return undefined;
        const read = runtime.sessions.takeMember(session.sessionId, session.userId);
        const member = await runtime.auth.currentUser(session.userId, read);
        return member ? { ...session, pastGate: passesGate(member) } : undefined;
      })
      .then(
        (session) => {
          if (!session) return next(new Error("unauthorized"));
          socket.data.userId = session.userId;
          socket.data.sessionId = session.sessionId;
          socket.data.pastGate = session.pastGate;
          next();
        },
        () => next(new Error("unauthorized")),
      );
  });

  const consoleRoom = attachConsoleRoom(io, runtime);
  io.on("connection", (socket) => {
    app.metrics.sockets.inc();
    socket.on("disconnect", () => {
      app.metrics.sockets.dec();
      runtime.presence.dropSocket(socket.id).catch((err) => runtime.log.warn({ err }, "presence: drop failed"));
    });
    void socket.join([rooms.user(socket.data.userId), sessionRoom(socket.data.sessionId), rooms.everyone()]);
    // A suspension that committed between the handshake's check and this join closed the member's
    // room before this socket was in it: asked again now that it is, so none stays open.
    runtime.auth.currentUser(socket.data.userId).then(
      (member) => member === null && socket.disconnect(true),
      () => {},
    );
    // The member's credits as they stand, to this socket: what changed while no connection of
    // theirs listened (before this one, or while it was down) reaches the page without its asking.
    // Read after the join above, so a change from now on comes through the room as well.
    runtime.credits.snapshots([socket.data.userId]).then(
      (snapshots) => {
        const snapshot = snapshots.get(socket.data.userId);
        if (snapshot && socket.connected) socket.emit("user:credits", snapshot);
      },
      (err) => runtime.log.warn({ err }, "credits: snapshot on connect failed"),
    );
    limitEvents(socket);
    registerWatches(socket, runtime);
    // The House's banner is stored: a member who connects (or reconnects) after it went up sees it.
    runtime.house
      .banner()
      .then((banner) => {
        if (banner.message) socket.emit("hall:banner", banner);
      })
      .catch((err) => runtime.log.warn({ err }, "banner: read failed"));
    consoleRoom.register(socket);
  });

  // Sign-out closes the session's sockets wherever they are (the Redis adapter reaches every node).
  app.disconnectSession = (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true);

  // The port's signature types each event with its payload; Socket.IO's acknowledgement-decorated
  // map cannot follow a generic event name, so the call goes through the untyped server.
  const untyped = io as unknown as Server;
  const adapter: RealtimePort = {
    emit: (room, event, payload) => {
      if (!published) {
        runtime.log.warn({ room, event }, "an event after the socket server closed is not sent");
        return;
      }
      untyped.to(room).emit(event, payload);
    },
    // Every socket of the member sits in their room: the Redis adapter reaches every node.
    disconnectUser: (userId) => {
      runtime.sessions.memberEnded(userId);
      if (published) io.in(rooms.user(userId)).disconnectSockets(true);
    },
  };
  runtime.realtime.attach(adapter);
  app.addHook("onClose", async () => {
    consoleRoom.stop();
    await io.close();
  });
  return io;
}

async function sessionOf(
  app: FastifyInstance,
  cookieHeader: string | undefined,
): Promise<{ userId: string; sessionId: string } | undefined> {
  if (!cookieHeader) return undefined;
  const signed = app.parseCookie(cookieHeader)[SESSION_COOKIE];
  if (!signed) return undefined;
  const fake = {} as FastifyRequest;
  await new Promise<void>((resolve, reject) => {
    app.decryptSession(signed, fake, (error?: Error) => (error ? reject(error) : resolve()));
  });
  const userId = fake.session?.userId;
  return userId ? { userId, sessionId: fake.session.sessionId } : undefined;
}

/**
 * A token bucket per socket: a client flooding events is answered "too many" and, if it keeps
 * on, disconnected, so one client cannot stall the node.
 */
function limitEvents(socket: GatewaySocket): void {
  let tokens = EVENT_BURST;
  let last = performance.now();
  let overruns = 0;
  socket.use((packet, next) => {
    const now = performance.now();
    tokens = Math.min(EVENT_BURST, tokens + ((now - last) / 1000) * EVENTS_PER_SECOND);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    overruns += 1;
    if (overruns >= OVERRUNS_BEFORE_DISCONNECT) {
      socket.disconnect(true);
      return;
    }
    const ack = packet.at(-1);
    if (typeof ack === "function") ack({ ok: false, message: Messages.tooManyTries });
  });
}
