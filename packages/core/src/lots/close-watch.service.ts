import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { LotClosingService } from "./lot-closing.service";
import type { LotRepository } from "./lots.repository";

/**
 * The longest the close watch sleeps before looking at the next deadline again: a deadline it
 * could not know of (a lot made due sooner than this ahead by another process) is met within it.
 */
export const CLOSE_WATCH_MAX_SLEEP_MS = 1000;

interface Watch {
  stopped: boolean;
  loop?: Promise<void>;
  timer?: NodeJS.Timeout;
  wake?: () => void;
}

export interface CloseWatchDeps {
  /** When the next lot is due. */
  lots: Pick<LotRepository, "nextDue">;
  /** The close itself and its announcement. */
  closing: Pick<LotClosingService, "closeBatch" | "announceAll">;
  clock: Clock;
  log: Logger;
}

/**
 * The close timer of a process that runs jobs: a lot closes at its deadline with or without its
 * close job. The close transaction and its announcement are LotClosingService's.
 */
export class CloseWatchService {
  private watching: Watch | undefined;

  constructor(private readonly deps: CloseWatchDeps) {}

  /**
   * The close watch of a process that runs jobs: closes what is due at once (what fell due while
   * no process ran), then sleeps until the next lot's deadline (at most CLOSE_WATCH_MAX_SLEEP_MS)
   * and closes it then, with or without its close job. Resolves once the first pass is done.
   */
  async watch(): Promise<void> {
    if (this.watching) return;
    const watch: Watch = { stopped: false };
    this.watching = watch;
    const pass = async () => {
      try {
        return await this.closeDueNow();
      } catch (error) {
        this.deps.log.error({ err: error }, "the close watch failed; it looks again shortly");
        return CLOSE_WATCH_MAX_SLEEP_MS;
      }
    };
    let firstPassDone: () => void = () => {};
    const firstPass = new Promise<void>((resolve) => {
      firstPassDone = resolve;
    });
    watch.loop = (async () => {
      let waitMs = await pass();
      firstPassDone();
      while (!watch.stopped) {
        await new Promise<void>((resolve) => {
          watch.wake = resolve;
          watch.timer = setTimeout(resolve, waitMs);
        });
        if (!watch.stopped) waitMs = await pass();
      }
    })();
    await firstPass;
  }

  /** Stops the close watch; resolves once a pass under way has finished. */
  async stopWatching(): Promise<void> {
    const watch = this.watching;
    if (!watch) return;
    watch.stopped = true;
    clearTimeout(watch.timer);
    watch.wake?.();
    await watch.loop;
    this.watching = undefined;
  }

  /**
   * Closes every lot due now, batch after batch with nothing in between (an announcement waits:
   * closing on time is what keeps a late bid out), then announces them all; answers how long
   * until the next one is due (bounded). A process that dies before announcing leaves them to
   * the sweep's missed announcements.
   */
  private async closeDueNow(): Promise<number> {
    const closed: number[] = [];
    try {
      return await this.closeEveryDue(closed);
    } finally {
      await this.deps.closing.announceAll(closed);
    }
  }

  private async closeEveryDue(closed: number[]): Promise<number> {
    const { lots, clock, closing } = this.deps;
    let missedAt: number | undefined;
    for (;;) {
      const next = await lots.nextDue();
      if (!next) return CLOSE_WATCH_MAX_SLEEP_MS;
      const waitMs = next.getTime() - clock.now().getTime();
      if (waitMs > 0) return Math.min(waitMs, CLOSE_WATCH_MAX_SLEEP_MS);
      const batch = await closing.closeBatch();
      closed.push(...batch);
      if (batch.length > 0) continue;
      // Due within the clock's next millisecond (the deadline's grain is finer), or closed by
      // another process meanwhile; once more for the same lot, and it waits for the next look.
      if (missedAt === next.getTime()) return CLOSE_WATCH_MAX_SLEEP_MS;
      missedAt = next.getTime();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}
