import { AppError } from "../errors";
import type { Logger } from "../logger";
import type { TelemetryPort } from "../ports/telemetry";

/** What deciding bids on one kind of target is made of, given by the target's service. */
export interface BidSteps<B, D, A> {
  /**
   * Whether one call may decide bids on several targets (lots: `place_lot_bids` takes a lot per
   * bid; a legacy auction's function takes one auction).
   */
  acrossTargets: boolean;
  /** The decisions of a batch of bids, each on its target, in their order, in one database call (one per bid). */
  decide(batch: { target: number; bid: B }[]): Promise<D[]>;
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

/** One bid waiting on this node for a call to decide it. */
interface Queued<B, A> {
  target: number;
  bid: B;
  decided: (outcome: { accepted: A } | { error: unknown }) => void;
}

/** The most bids one call decides: a batch holds its members' and targets' rows until it commits. */
const MOST_PER_BATCH = 64;
/**
 * The most calls a node has in flight at once, on different targets: one deciding while another
 * commits. More only queue for the database's CPUs and its commit, where waiting here lets the
 * bids that arrive meanwhile go together in the next call (one round trip and one commit for
 * many). Measured with `pnpm bench` (50 in flight over 30 lots, this machine, bids/s beside
 * pgbench's in the same run): 1 call 1.39x, 2 calls 1.17x, 4 calls 1.05x, 8 calls 0.99x, with the
 * best p99 at 2; a call per lot, as before, 0.36x to 0.68x.
 */
export const MOST_CALLS = 2;
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
 * node the bids wait for a call: a bid that arrives while fewer than MOST_CALLS are running, and
 * none on its target, goes at once, alone; the bids that arrive meanwhile go together in the next
 * call, in their order of arrival, across targets where the steps allow it, and commit together
 * (group commit: one round trip and one commit for many, each decided as if sent alone). A target
 * is in one call at a time, so its bids are decided, and its events leave, in their order. A call
 * Postgres aborted to break a deadlock is made again. The rest of the after-commit work runs off
 * the answers' path, tracked so that the runtime's close can wait for it.
 */
export class BidQueue<B, D, A> {
  /** The bids waiting on this node for a call, in their order of arrival. */
  private waiting: Queued<B, A>[] = [];
  /** The targets with a call in flight: their later bids wait for it. */
  private readonly busy = new Set<number>();
  /** After-commit work still running (the runtime's close waits for it). */
  private readonly inFlight = new Set<Promise<void>>();
  /** The calls in flight (a bid asked for before the close is decided before it). */
  private readonly calls = new Set<Promise<void>>();
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
    while (this.inFlight.size > 0 || this.calls.size > 0) {
      await Promise.allSettled([...this.inFlight, ...this.calls]);
    }
  }

  /** Puts the bid in line; starts a call when one may start. */
  private queue(target: number, bid: B): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.waiting.push({
        target,
        bid,
        decided: (outcome) => ("accepted" in outcome ? resolve(outcome.accepted) : reject(outcome.error)),
      });
      this.pump();
    });
  }

  /** Starts calls while fewer than MOST_CALLS run and a waiting bid's target has none. */
  private pump(): void {
    while (this.calls.size < MOST_CALLS) {
      const batch = this.take();
      if (batch.length === 0) return;
      for (const q of batch) this.busy.add(q.target);
      const call = this.run(batch).finally(() => {
        for (const q of batch) this.busy.delete(q.target);
        this.calls.delete(call);
        this.pump();
      });
      this.calls.add(call);
    }
  }

  /**
   * The next call's bids, taken out of line in their order: every waiting bid whose target has no
   * call in flight (only the first such target's where a call takes one target), MOST_PER_BATCH
   * at most. A target's bids are taken in order or not at all, so they are decided in order.
   */
  private take(): Queued<B, A>[] {
    const batch: Queued<B, A>[] = [];
    const left: Queued<B, A>[] = [];
    const passed = new Set<number>();
    for (const q of this.waiting) {
      const fits =
        batch.length < MOST_PER_BATCH &&
        !this.busy.has(q.target) &&
        !passed.has(q.target) &&
        (this.steps.acrossTargets || batch.length === 0 || batch[0]?.target === q.target);
      if (fits) batch.push(q);
      else {
        passed.add(q.target);
        left.push(q);
      }
    }
    this.waiting = left;
    return batch;
  }

  /** One call: its bids decided, each answered, then their events and after-commit work. */
  private async run(batch: Queued<B, A>[]): Promise<void> {
    let decisions: D[];
    try {
      decisions = await this.decide(batch.map(({ target, bid }) => ({ target, bid })));
    } catch (error) {
      for (const q of batch) q.decided({ error });
      return;
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
      this.announce(placed);
      this.gather(placed);
    }
  }

  /**
   * The targets' events of a call's accepted bids, right after their answers: those are written in
   * this turn's microtasks, and a room of thousands of watchers takes tens of milliseconds to be
   * sent an event (5,000: about 80 ms), which a bidder's answer does not wait for. In version
   * order: the calls of a target follow one another, and setImmediate runs in the order it is set.
   */
  private announce(placed: { accepted: A; bid: B }[]): void {
    const announced = new Promise<void>((resolve) =>
      setImmediate(() => {
        for (const { accepted } of placed) {
          try {
            this.steps.announce(accepted);
          } catch (error) {
            this.log.error({ err: error, kind: this.kind }, "a bid's events failed");
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
  private async decide(batch: { target: number; bid: B }[]): Promise<D[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.steps.decide(batch);
      } catch (error) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return (error as { driverError?: { code?: unknown } } | null)?.driverError?.code === "40P01";
}
