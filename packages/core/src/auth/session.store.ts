import type { DataSource } from "typeorm";
import type { Clock } from "../ports/clock";

type Callback<T = void> = (error?: unknown, result?: T) => void;
interface StoredSession {
  cookie?: { expires?: Date | string | null; originalMaxAge?: number | null };
  [key: string]: unknown;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** @fastify/session store on the spec's `sessions` table (sid, sess, expire). */
export class SessionStore {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  set(sid: string, value: object, callback: Callback): void {
    const session = value as StoredSession;
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(this.clock.now().getTime() + DAY_MS);
    this.db
      .query(
        `INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(session), expires],
      )
      .then(() => callback(), callback);
  }

  // The session object's shape belongs to @fastify/session; the store only persists it.
  // biome-ignore lint/suspicious/noExplicitAny: handed back to @fastify/session as it was stored
  get(sid: string, callback: (error?: unknown, session?: any) => void): void {
    this.db
      .query(`SELECT sess FROM sessions WHERE sid = $1 AND expire > $2`, [sid, this.clock.now()])
      .then((rows: { sess: StoredSession }[]) => callback(undefined, rows[0]?.sess ?? null), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db.query(`DELETE FROM sessions WHERE sid = $1`, [sid]).then(() => callback(), callback);
  }

  async prune(): Promise<number> {
    const result = await this.db.query(`DELETE FROM sessions WHERE expire <= $1`, [this.clock.now()]);
    return Array.isArray(result) ? Number(result[1] ?? 0) : 0;
  }
}
