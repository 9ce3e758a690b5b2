import type { Clock } from "../ports/clock";
import type { SessionRepository } from "./auth.repository";

type Callback<T = void> = (error?: unknown, result?: T) => void;
interface StoredSession {
  cookie?: { expires?: Date | string | null; originalMaxAge?: number | null };
  [key: string]: unknown;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** @fastify/session store on the spec's `sessions` table (sid, sess, expire). */
export class SessionStore {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  set(sid: string, value: object, callback: Callback): void {
    const session = value as StoredSession;
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(this.clock.now().getTime() + DAY_MS);
    this.sessions.save(sid, session, expires).then(() => callback(), callback);
  }

  // The session object's shape belongs to @fastify/session; the store only persists it.
  // biome-ignore lint/suspicious/noExplicitAny: handed back to @fastify/session as it was stored
  get(sid: string, callback: (error?: unknown, session?: any) => void): void {
    this.sessions.findLive(sid, this.clock.now()).then((session) => callback(undefined, session), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.sessions.delete(sid).then(() => callback(), callback);
  }

  prune(): Promise<number> {
    return this.sessions.deleteExpired(this.clock.now());
  }
}
