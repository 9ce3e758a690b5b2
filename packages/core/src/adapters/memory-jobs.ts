import { randomUUID } from "node:crypto";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { EnqueueOptions, JobHandler, JobsPort } from "../ports/jobs";

const MAX_TIMER_MS = 2 ** 31 - 1;

interface Pending {
  name: string;
  payload: unknown;
  jobId: string;
  attempts: number;
  attempt: number;
  runAt: number;
  timer?: NodeJS.Timeout;
}

/** The embedded runtime's jobs: timers in this process, the same handlers, retries with backoff. */
export class MemoryJobs implements JobsPort {
  readonly kind = "memory" as const;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly pending = new Map<string, Pending>();
  private readonly repeats: NodeJS.Timeout[] = [];
  private started = false;
  private closed = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  register<P>(name: string, handler: JobHandler<P>): void {
    this.handlers.set(name, handler as JobHandler<never>);
  }

  async enqueue<P>(name: string, payload: P, options: EnqueueOptions = {}): Promise<void> {
    if (this.closed) return;
    const jobId = options.jobId ?? randomUUID();
    const key = `${name}:${jobId}`;
    if (this.pending.has(key)) return;
    const job: Pending = {
      name,
      payload,
      jobId,
      attempts: options.attempts ?? 5,
      attempt: 1,
      runAt: options.runAt ? options.runAt.getTime() : this.clock.now().getTime(),
    };
    this.pending.set(key, job);
    if (this.started) this.arm(key, job);
  }

  async cancel(name: string, jobId: string): Promise<void> {
    const key = `${name}:${jobId}`;
    const job = this.pending.get(key);
    if (job?.timer) clearTimeout(job.timer);
    this.pending.delete(key);
  }

  async repeat(name: string, everyMs: number): Promise<void> {
    let running = false;
    const tick = async () => {
      if (running || !this.started) return;
      running = true;
      try {
        await this.handlers.get(name)?.(undefined as never, { jobId: `${name}:repeat`, attempt: 1 });
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

  async start(): Promise<void> {
    this.started = true;
    for (const [key, job] of this.pending) this.arm(key, job);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.started = false;
    for (const job of this.pending.values()) if (job.timer) clearTimeout(job.timer);
    this.pending.clear();
    for (const t of this.repeats) clearInterval(t);
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
      this.pending.delete(key);
      return;
    }
    try {
      await handler(job.payload as never, { jobId: job.jobId, attempt: job.attempt });
      if (this.pending.get(key) === job) this.pending.delete(key);
    } catch (error) {
      if (this.closed || this.pending.get(key) !== job) return;
      if (job.attempt >= job.attempts) {
        this.log.error({ err: error, job: job.name, jobId: job.jobId }, "job failed for good");
        this.pending.delete(key);
        return;
      }
      this.log.warn({ err: error, job: job.name, jobId: job.jobId, attempt: job.attempt }, "job failed, retrying");
      job.attempt += 1;
      job.runAt = this.clock.now().getTime() + 200 * 2 ** job.attempt;
      this.arm(key, job);
    }
  }
}
