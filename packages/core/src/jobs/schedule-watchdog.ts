import type { RepeatJobName } from "@bm/shared";
import type { Logger } from "../logger";
import type { TelemetryPort } from "../ports/telemetry";

/** How many of its periods a repeating job may stay silent before the watchdog speaks. */
export const STALL_PERIODS = 3;

export interface ScheduleWatchdogDeps {
  /** The repeating schedules asked for (name to period in ms), read at every check. */
  schedules: ReadonlyMap<RepeatJobName, number>;
  /**
   * When each job last ran anywhere (ms since the epoch): every consumer of the queue records its
   * runs in one place, so a sweep run by another workers process is not a silence here. Throws
   * when the store cannot answer (then this process's own runs stand alone).
   */
  lastRuns(): Promise<Map<string, number>>;
  /** Registers every schedule again (idempotent). */
  reschedule(): Promise<void>;
  log: Logger;
  telemetry: TelemetryPort;
  /** Wall time (the queue's schedules run on it, not on the product's injected clock). */
  now?: () => number;
}

/**
 * Notices a repeating job (the sweep above all) that has not run for three of its periods: a
 * schedule lost with its store, a queue nobody consumes. It says so once in a log line and the
 * `job_schedule_stalled` metric (what an alert watches), registers the schedules again, and says
 * so again once the job runs.
 */
export class ScheduleWatchdog {
  private readonly ranHere = new Map<string, number>();
  private readonly stalled = new Set<RepeatJobName>();
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private readonly now: () => number;

  constructor(private readonly deps: ScheduleWatchdogDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A run of `name` ended well in this process. */
  ran(name: string): void {
    this.ranHere.set(name, this.now());
  }

  /** Checks at the shortest period (at least every 50 ms, at most every minute) until stopped. */
  start(): void {
    if (this.timer) return;
    this.started = this.now();
    const shortest = Math.min(60_000, ...this.deps.schedules.values());
    this.timer = setInterval(() => void this.check(), Math.max(50, shortest));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at every schedule; answers the jobs found stalled now. */
  async check(): Promise<RepeatJobName[]> {
    const { schedules, log, telemetry } = this.deps;
    let shared = new Map<string, number>();
    try {
      shared = await this.deps.lastRuns();
    } catch {
      // The store is away: this process's own runs are all there is to go on.
    }
    const now = this.now();
    const silent: RepeatJobName[] = [];
    for (const [name, every] of schedules) {
      const last = Math.max(this.started, this.ranHere.get(name) ?? 0, shared.get(name) ?? 0);
      const silentMs = now - last;
      if (silentMs > STALL_PERIODS * every) {
        silent.push(name);
        if (this.stalled.has(name)) continue;
        this.stalled.add(name);
        telemetry.scheduleStalled(name, true);
        log.error(
          { job: name, silentMs, everyMs: every, periods: Math.floor(silentMs / every) },
          "repeating job has not run for three of its periods; registering the schedules again",
        );
      } else if (this.stalled.delete(name)) {
        telemetry.scheduleStalled(name, false);
        log.info({ job: name, silentMs }, "repeating job runs again");
      }
    }
    if (silent.some((name) => this.stalled.has(name))) await this.deps.reschedule();
    return silent;
  }
}
