import { TickBatch } from "../db/tick-batch";
import type { Clock } from "../ports/clock";
import type { User } from "../users/user.entity";
import type { LiveSession, SessionRepository } from "./auth.repository";

type Callback<T = void> = (error?: unknown, result?: T) => void;
interface StoredSession {
  cookie?: { expires?: Date | string | null; originalMaxAge?: number | null };
  [key: string]: unknown;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many sessions this node remembers it has stored (what and until when), oldest forgotten first. */
const REMEMBERED = 10_000;
/** How long the member read with a session stands for the request that read it (it is taken at once). */
const FRESH_MS = 1000;
/**
 * How old a session and its member may be for a request whose route takes a snapshot (a bid: the
 * database checks again, under the member's row lock, that the member exists and is not suspended).
 * Ended sessions and members leave every node's snapshots at once (`forget`, shared across nodes).
 */
export const SNAPSHOT_MS = 1000;

/** What one node tells the others: a session ended, or every session of a member. */
export type SessionsEnded = { sid: string } | { userId: string };
/** The Socket.IO server-side event that carries SessionsEnded between nodes (and from the workers). */
export const SESSIONS_ENDED = "sessions:ended";

/** Waits for `work` (its failure too) but no longer than `ms`. */
async function untilDoneOr(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!work) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** What a session holds besides its cookie, as one comparable string (keys sorted: jsonb reorders them). */
function contentOf(session: StoredSession): string {
  const { cookie: _cookie, ...content } = session;
  return canonical(content);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * @fastify/session store on the spec's `sessions` table (sid, sess, expire). Rolling sessions ask
 * to be saved on every response only to push their expiry on: the row is rewritten when what it
 * holds changed or its stored expiry is a day behind, not on every request (the cookie still rolls).
 * A request that was in flight when its session was ended (sign-out) never writes it back: the
 * ended ids are remembered, here and on every node told of them.
 */
export class SessionStore {
  /**
   * The sessions ended here (or on another node, as it said) lately: a request that read one before
   * it ended and answers after never writes it back. Bounded like the rest (ids are never reused).
   */
  private readonly ended = new Map<string, true>();
  /** Per session id: what this node last read or wrote, and the expiry stored with it. */
  private readonly stored = new Map<string, { content: string; expiresMs: number }>();
  /**
   * Per session id, the member read with it by the last `get`, until the request that read it
   * takes it (the access hook, right after): one round trip for the session and its member.
   */
  private readonly members = new Map<string, { member: LiveSession["member"]; readAtMs: number; snapshot: boolean }>();

  /** Per session id, the last read of the session with its member, and when (performance.now()). */
  private readonly snapshots = new Map<string, { live: LiveSession; readAtMs: number }>();
  /**
   * Counts what ended (here or as another node said): a read that began before something ended
   * keeps no snapshot, since the row it read may belong to what ended since.
   */
  private endings = 0;
  /** Set only while `withSnapshot` runs: the `get` it leads to may answer from a snapshot. */
  private snapshotAllowed = false;
  /**
   * Tells the other nodes what ended here (set by the socket server that reaches them); resolves
   * once each has dropped its snapshots of it, where the channel can say so.
   */
  private share: (ended: SessionsEnded) => Promise<unknown> | undefined = () => undefined;

  /** The sessions asked for in one turn of the event loop, read in one statement. */
  private readonly reads: TickBatch<string, LiveSession | null>;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {
    this.reads = new TickBatch((sids) => this.sessions.findLive(sids, this.clock.now()), null);
  }

  set(sid: string, value: object, callback: Callback): void {
    if (this.ended.has(sid)) {
      callback();
      return;
    }
    const session = value as StoredSession;
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(this.clock.now().getTime() + DAY_MS);
    const content = contentOf(session);
    const known = this.stored.get(sid);
    if (known?.content !== content) this.snapshots.delete(sid);
    if (known && known.content === content && expires.getTime() - known.expiresMs < DAY_MS) {
      callback();
      return;
    }
    this.sessions.save(sid, session, expires).then(() => {
      this.remember(sid, content, expires.getTime());
      callback();
    }, callback);
  }

  // The session object's shape belongs to @fastify/session; the store only persists it.
  // biome-ignore lint/suspicious/noExplicitAny: handed back to @fastify/session as it was stored
  get(sid: string, callback: (error?: unknown, session?: any) => void): void {
    const snapshot = this.snapshotAllowed ? this.snapshots.get(sid) : undefined;
    this.snapshotAllowed = false;
    if (snapshot && performance.now() - snapshot.readAtMs <= SNAPSHOT_MS) {
      const { live } = snapshot;
      this.keep(this.members, sid, { member: live.member, readAtMs: this.clock.now().getTime(), snapshot: true });
      // Answered after this turn, as a read would be: the caller's code after get() runs first.
      queueMicrotask(() => callback(undefined, live.session));
      return;
    }
    const endingsBefore = this.endings;
    this.reads.load(sid).then((live) => {
      const stored = live?.session as StoredSession | undefined;
      const expiresMs = stored?.cookie?.expires ? Date.parse(String(stored.cookie.expires)) : Number.NaN;
      if (stored && Number.isFinite(expiresMs)) this.remember(sid, contentOf(stored), expiresMs);
      else this.stored.delete(sid);
      const readAtMs = this.clock.now().getTime();
      if (live) {
        this.keep(this.members, sid, { member: live.member, readAtMs, snapshot: false });
        // Aged by the process's monotonic clock: a cache's age, not the event's time.
        if (this.endings === endingsBefore) this.keep(this.snapshots, sid, { live, readAtMs: performance.now() });
      } else this.snapshots.delete(sid);
      callback(undefined, live?.session ?? null);
    }, callback);
  }

  /**
   * The member `userId` as the session's own read found them (with whether a suspension was in
   * force), if that read is this request's: the session was read for it a moment ago and names
   * this member. Taken once; undefined means read the member afresh.
   */
  takeMember(sid: string, userId: string): { user: User | null; suspended: boolean; snapshot: boolean } | undefined {
    const read = this.members.get(sid);
    this.members.delete(sid);
    if (!read || this.clock.now().getTime() - read.readAtMs > FRESH_MS) return undefined;
    if (read.member === null) return { user: null, suspended: false, snapshot: read.snapshot };
    return read.member.user.id === userId ? { ...read.member, snapshot: read.snapshot } : undefined;
  }

  destroy(sid: string, callback: Callback): void {
    this.keep(this.ended, sid, true);
    this.stored.delete(sid);
    this.members.delete(sid);
    this.snapshots.delete(sid);
    this.endings += 1;
    this.sessions.delete(sid).then(async () => {
      // Again once the row is gone: a read that began before the delete keeps no snapshot of it.
      this.endings += 1;
      // The sign-out answers once every node has dropped its snapshot of the session: the next
      // request, wherever it goes, is refused. A node that does not answer within SNAPSHOT_MS holds
      // none that could still answer (every snapshot of it was read before the delete).
      await untilDoneOr(this.share({ sid }), SNAPSHOT_MS);
      callback();
    }, callback);
  }

  /**
   * Runs `read` (which reads a session through `get`, synchronously: @fastify/session's hook) so
   * that the read may answer from a snapshot at most SNAPSHOT_MS old instead of the database. Only
   * for routes whose action checks the member again in the database.
   */
  withSnapshot(read: () => void): void {
    this.snapshotAllowed = true;
    try {
      read();
    } finally {
      this.snapshotAllowed = false;
    }
  }

  /** Every session of the member ended (suspended, erased): no snapshot of them answers, on any node. */
  memberEnded(userId: string): void {
    this.forget({ userId });
    // Not waited for: a member's bid is checked in the database, under their row, as well.
    void this.share({ userId })?.catch(() => {});
  }

  /** Drops the snapshots of what ended (here, or on another node that said so). */
  forget(ended: SessionsEnded): void {
    this.endings += 1;
    if ("sid" in ended) {
      this.keep(this.ended, ended.sid, true);
      this.snapshots.delete(ended.sid);
      return;
    }
    for (const [sid, { live }] of this.snapshots) {
      if (live.member?.user.id === ended.userId || (live.session as { userId?: string }).userId === ended.userId) {
        this.snapshots.delete(sid);
      }
    }
  }

  /**
   * How this node tells the others what ended (the socket server's adapter, where there are others):
   * resolving once they have dropped their snapshots of it, or not at all if the channel cannot say.
   */
  shareWith(share: (ended: SessionsEnded) => Promise<unknown> | undefined): void {
    this.share = share;
  }

  private remember(sid: string, content: string, expiresMs: number): void {
    this.keep(this.stored, sid, { content, expiresMs });
  }

  /** Sets `sid`'s entry as the newest; the oldest is forgotten past REMEMBERED. */
  private keep<T>(map: Map<string, T>, sid: string, value: T): void {
    map.delete(sid);
    map.set(sid, value);
    if (map.size > REMEMBERED) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }

  prune(): Promise<number> {
    return this.sessions.deleteExpired(this.clock.now());
  }
}
