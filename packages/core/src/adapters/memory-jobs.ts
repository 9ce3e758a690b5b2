import { randomUUID } from "node:crypto";
import type { JobName, JobPayloads, RepeatJobName } from "@bm/shared";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { EnqueueOptions, JobCounts, JobHandler, JobRequest, JobsPort } from "../ports/jobs";
import { noTelemetry, type TelemetryPort } from "../ports/telemetry";

const MAX_TIMER_MS = 2 ** 31 - 1;

interface Pending {
  name: JobName;
  payload: unknown;
  jobId: string;
  /** Its dedupe id (name-scoped), if it was enqueued with one. */
  dedupe?: string;
  attempts: number;
  attempt: number;
  runAt: number;
  timer?: NodeJS.Timeout;
}

/** The embedded runtime's jobs: timers in this process, the same handlers, retries with backoff. */
export class MemoryJobs implements JobsPort {
  readonly kind = "memory" as const;
  private readonly handlers = new Map<JobName, JobHandler<never>>();
  private readonly pending = new Map<string, Pending>();
  /** Dedupe ids held by a waiting or running job; a running one keeps the last enqueue made meanwhile. */
  private readonly deduped = new Map<string, { running: boolean; next?: () => Promise<void> }>();
  private readonly repeats: NodeJS.Timeout[] = [];
  private started = false;
  private closed = false;
  /** Jobs running now, and those that failed for good since the process started. */
  private active = 0;
  private failedForGood = 0;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly telemetry: TelemetryPort = noTelemetry,
  ) {}

  register<N extends JobName>(name: N, handler: JobHandler<JobPayloads[N]>): void {
    this.handlers.set(name, handler as JobHandler<never>);
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    if (this.closed) return;
    const jobId = options.jobId ?? randomUUID();
    const key = `${name}:${jobId}`;
    if (this.pending.has(key)) return;
    const dedupe = options.dedupe ? `${name}:${options.dedupe.id}` : undefined;
    if (dedupe) {
      const holder = this.deduped.get(dedupe);
      if (holder) {
        if (holder.running) holder.next = () => this.enqueue(name, payload, options);
        return;
      }
      this.deduped.set(dedupe, { running: false });
    }
    const job: Pending = {
      name,
      payload,
      jobId,
      attempts: options.attempts ?? 5,
      attempt: 1,
      runAt: options.runAt ? options.runAt.getTime() : this.clock.now().getTime(),
      dedupe,
    };
    this.pending.set(key, job);
    if (this.started) this.arm(key, job);
  }

  async enqueueAll(requests: readonly JobRequest[]): Promise<void> {
    for (const { name, payload, options } of requests) await this.enqueue(name, payload, options);
  }

  async cancel(name: JobName, jobId: string): Promise<void> {
    const key = `${name}:${jobId}`;
    const job = this.pending.get(key);
    if (job?.timer) clearTimeout(job.timer);
    this.pending.delete(key);
    if (job) this.release(job);
  }

  async repeat(name: RepeatJobName, everyMs: number): Promise<void> {
    let running = false;
    const tick = async () => {
      const handler = this.handlers.get(name);
      if (running || !this.started || !handler) return;
      running = true;
      try {
        await this.timed(name, () => handler({} as never, { jobId: `${name}:repeat`, attempt: 1 }));
      } catch (error) {
        this.log.error({ err: error, job: name }, "repeating job failed");
      } finally {
        running = false;
      }
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    this.repeats.push(timer);
    if (this.started) void tick();
  }

  async counts(): Promise<JobCounts> {
    const now = this.clock.now().getTime();
    let waiting = 0;
    let delayed = 0;
    for (const job of this.pending.values()) {
      if (job.runAt > now) delayed += 1;
      else waiting += 1;
    }
    // A running job stays pending until it settles: it counts as active, not waiting.
    return { waiting: Math.max(0, waiting - this.active), active: this.active, delayed, failed: this.failedForGood };
  }

  async start(): Promise<void> {
    this.started = true;
    for (const [key, job] of this.pending) this.arm(key, job);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.started = false;
    for (const job of this.pending.values()) if (job.timer) clearTimeout(job.timer);
    this.pending.clear();
    this.deduped.clear();
    for (const t of this.repeats) clearInterval(t);
  }

  /** Runs one handler call, reporting its duration and outcome. */
  private async timed(name: JobName, run: () => Promise<void>): Promise<void> {
    const started = performance.now();
    try {
      await run();
      this.telemetry.jobRun(name, performance.now() - started, true);
    } catch (error) {
      this.telemetry.jobRun(name, performance.now() - started, false);
      throw error;
    }
  }

  private arm(key: string, job: Pending): void {
    if (job.timer) clearTimeout(job.timer);
    const delay = Math.max(0, job.runAt - this.clock.now().getTime());
    job.timer = setTimeout(
      () => {
        if (delay > MAX_TIMER_MS) return this.arm(key, job);
        void this.run(key, job);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    job.timer.unref();
  }

  private async run(key: string, job: Pending): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) {
      this.log.error({ job: job.name }, "no handler registered for job");
      this.failedForGood += 1;
      this.pending.delete(key);
      this.release(job);
      return;
    }
    const holder = job.dedupe ? this.deduped.get(job.dedupe) : undefined;
    if (holder) holder.running = true;
    this.active += 1;
    try {
      await this.timed(job.name, () => handler(job.payload as never, { jobId: job.jobId, attempt: job.attempt }));
      this.active -= 1;
      if (this.pending.get(key) === job) this.pending.delete(key);
      this.release(job);
    } catch (error) {
      this.active -= 1;
      if (this.closed || this.pending.get(key) !== job) return;
      if (job.attempt >= job.attempts) {
        this.failedForGood += 1;
        this.log.error({ err: error, job: job.name, jobId: job.jobId }, "job failed for good");
        this.pending.delete(key);
        this.release(job);
        return;
      }
      this.log.warn({ err: error, job: job.name, jobId: job.jobId, attempt: job.attempt }, "job failed, retrying");
      if (holder) holder.running = false;
      job.attempt += 1;
      job.runAt = this.clock.now().getTime() + 200 * 2 ** job.attempt;
      this.arm(key, job);
    }
  }

  /** A finished job frees its dedupe id; what was enqueued while it ran runs now. */
  private release(job: Pending): void {
    if (!job.dedupe) return;
    const next = this.deduped.get(job.dedupe)?.next;
    this.deduped.delete(job.dedupe);
    if (next) void next();
  }
}
