import { AppError } from "../errors";
import type { Logger } from "../logger";
import type { TelemetryPort } from "../ports/telemetry";

/** What deciding bids on one kind of target is made of, given by the target's service. */
export interface BidSteps<B, D, A> {
  /** The decisions of bids on one target, in their order, in one database call (one per bid). */
  decide(target: number, bids: B[]): Promise<D[]>;
  /** The bid accepted, or its refusal thrown. */
  accepted(decision: D, bid: B): A;
  /**
   * The target's own events for an accepted bid, published as soon as its call committed and its
   * bidders' answers were written (a failure is logged: the bid is committed, and the pages'
   * polling and the next watch's snapshot catch up with a lost event).
   */
  announce(accepted: A): void;
  /** The members' events and jobs of a call's accepted bids, in their order: best effort, its failures logged. */
  after(placed: { accepted: A; bid: B }[]): Promise<void>;
}

/** One bid waiting in its target's queue on this node. */
interface Queued<B, A> {
  bid: B;
  decided: (outcome: { accepted: A } | { error: unknown }) => void;
}

/** The most bids one call decides: a batch holds its members' rows until it commits. */
const MOST_PER_BATCH = 64;
const DEADLOCK_ATTEMPTS = 3;
/**
 * How long the after-commit work of an accepted bid waits for others to be done with it (members'
 * events, credits, mails): one round of it serves every bid of its window, so a node's lots take
 * at most 20 rounds a second however fast bids come, and a round does not compete with the lot's
 * own event on its way to the watchers. Alone, a member hears of a bid (outbid, credits) 50 ms
 * later, which no one sees.
 */
export const AFTER_COMMIT_GATHER_MS = 50;

/**
 * The machinery every bid decided by the database runs in, lots and legacy auctions alike. On one
 * node the bids of a target queue: a bid that arrives while none is being decided goes at once,
 * alone; those that arrive while one is go together in the next call, in their order of arrival,
 * and commit together (group commit: one round trip and one commit for many, each decided as if
 * sent alone). A call Postgres aborted to break a deadlock is made again. The target's events
 * leave in version order; the rest of the after-commit work runs off the answers' path, tracked
 * so that the runtime's close can wait for it.
 */
export class BidQueue<B, D, A> {
  /** Per target, the bids waiting on this node while a call for it is running (gone when it drains). */
  private readonly queues = new Map<number, Queued<B, A>[]>();
  /** After-commit work still running (the runtime's close waits for it). */
  private readonly inFlight = new Set<Promise<void>>();
  /** The targets' queues being decided (a bid asked for before the close is decided before it). */
  private readonly draining = new Set<Promise<void>>();
  /** Accepted bids whose after-commit work waits for the others of its gathering (see `gather`). */
  private gathered: { accepted: A; bid: B }[] = [];

  constructor(
    private readonly kind: "lot" | "auction",
    private readonly telemetry: TelemetryPort,
    private readonly log: Logger,
    private readonly steps: BidSteps<B, D, A>,
  ) {}

  /** A bid on `target`: accepted (what `accepted` made of it) or its refusal thrown; both reported. */
  async place(target: number, bid: B): Promise<A> {
    try {
      const accepted = await this.queue(target, bid);
      this.telemetry.bid(this.kind, "placed");
      return accepted;
    } catch (error) {
      if (error instanceof AppError) this.telemetry.bid(this.kind, "refused", error.code);
      throw error;
    }
  }

  /** Waits for the bids queued and their after-commit work still running (the runtime's close, tests). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0 || this.draining.size > 0) {
      await Promise.allSettled([...this.inFlight, ...this.draining]);
    }
  }

  /** Puts the bid in its target's queue; starts the queue's calls when none is running. */
  private queue(target: number, bid: B): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      const decided: Queued<B, A>["decided"] = (outcome) =>
        "accepted" in outcome ? resolve(outcome.accepted) : reject(outcome.error);
      const waiting = this.queues.get(target);
      if (waiting) {
        waiting.push({ bid, decided });
        return;
      }
      this.queues.set(target, [{ bid, decided }]);
      const drain = this.drain(target);
      this.draining.add(drain);
      void drain.finally(() => this.draining.delete(drain));
    });
  }

  /** Decides the target's queued bids, a batch per call, until none waits. */
  private async drain(target: number): Promise<void> {
    const waiting = this.queues.get(target) ?? [];
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, MOST_PER_BATCH);
        let decisions: D[];
        try {
          decisions = await this.decide(
            target,
            batch.map((q) => q.bid),
          );
        } catch (error) {
          for (const q of batch) q.decided({ error });
          continue;
        }
        const placed: { accepted: A; bid: B }[] = [];
        batch.forEach((q, i) => {
          try {
            const accepted = this.steps.accepted(decisions[i] as D, q.bid);
            placed.push({ accepted, bid: q.bid });
            q.decided({ accepted });
          } catch (error) {
            q.decided({ error });
          }
        });
        if (placed.length > 0) {
          this.announce(target, placed);
          this.gather(placed);
        }
      }
    } finally {
      this.queues.delete(target);
    }
  }

  /**
   * The target's events of a call's accepted bids, right after their answers: those are written in
   * this turn's microtasks, and a room of thousands of watchers takes tens of milliseconds to be
   * sent an event (5,000: about 80 ms), which a bidder's answer does not wait for. In version
   * order: the calls of a target follow one another, and setImmediate runs in the order it is set.
   */
  private announce(target: number, placed: { accepted: A; bid: B }[]): void {
    const announced = new Promise<void>((resolve) =>
      setImmediate(() => {
        for (const { accepted } of placed) {
          try {
            this.steps.announce(accepted);
          } catch (error) {
            this.log.error({ err: error, kind: this.kind, target }, "a bid's events failed");
          }
        }
        resolve();
      }),
    );
    this.inFlight.add(announced);
    void announced.finally(() => this.inFlight.delete(announced));
  }

  /**
   * Keeps a call's accepted bids for the after-commit work, which runs once for all the bids this
   * node accepted within AFTER_COMMIT_GATHER_MS (on every target of this kind), in their order:
   * one read of the members' credits and one write of the events to Redis for many bids, and never
   * ahead of the bids that arrive meanwhile. The answers have left long before.
   */
  private gather(placed: { accepted: A; bid: B }[]): void {
    this.gathered.push(...placed);
    if (this.gathered.length > placed.length) return;
    const after = new Promise<void>((resolve) => setTimeout(resolve, AFTER_COMMIT_GATHER_MS)).then(() => {
      const all = this.gathered;
      this.gathered = [];
      return this.steps.after(all);
    });
    this.inFlight.add(after);
    void after.finally(() => this.inFlight.delete(after));
  }

  /**
   * The decisions, made again when Postgres broke a deadlock by aborting the call (all of it rolled
   * back): a bid locks its members then its target, while voiding a bid locks the lot then its bidders.
   */
  private async decide(target: number, bids: B[]): Promise<D[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.steps.decide(target, bids);
      } catch (error) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return (error as { driverError?: { code?: unknown } } | null)?.driverError?.code === "40P01";
}
