import type { JobName, JobPayloads, RepeatJobName } from "@bm/shared";
import { type JobsOptions, Queue, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { ScheduleWatchdog } from "../jobs/schedule-watchdog";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { EnqueueOptions, JobCounts, JobHandler, JobRequest, JobsPort } from "../ports/jobs";
import { noTelemetry, type TelemetryPort } from "../ports/telemetry";

const QUEUE = "jobs";

/** BullMQ ids may not contain ':'; ours are deterministic strings such as `close-lot-12-1700000000`. */
function bullId(jobId: string): string {
  return jobId.replace(/:/g, "-");
}

/** Jobs on Redis through BullMQ: the API produces, the `workers/` process consumes. */
export class BullJobs implements JobsPort {
  readonly kind = "bullmq" as const;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly telemetry: TelemetryPort;
  private readonly concurrency: number;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  /** The repeating schedules asked for, registered again whenever the connection is ready again. */
  private readonly schedules = new Map<RepeatJobName, number>();
  /** Where every consumer records the last run of each repeating job (a hash: name to ms). */
  private readonly lastRunKey: string;
  /** Started with the worker: a consumer is what can notice its schedules have gone quiet. */
  readonly watchdog: ScheduleWatchdog;

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
    private readonly log: Logger,
    options: { concurrency?: number; telemetry?: TelemetryPort } = {},
  ) {
    this.queue = new Queue(QUEUE, { connection, prefix: `${prefix}bull` });
    // The connection's own listener says an outage once; without one the queue prints each retry.
    this.queue.on("error", (err) => log.debug({ err }, "job queue: redis error"));
    this.concurrency = options.concurrency ?? 8;
    this.telemetry = options.telemetry ?? noTelemetry;
    this.lastRunKey = `${prefix}bull:last-runs`;
    this.watchdog = new ScheduleWatchdog({
      schedules: this.schedules,
      lastRuns: async () => {
        const runs = await this.connection.hgetall(this.lastRunKey);
        return new Map(Object.entries(runs).map(([name, ms]) => [name, Number(ms)]));
      },
      reschedule: () => this.reschedule("the schedule watchdog"),
      log,
      telemetry: this.telemetry,
    });
    // A schedule lives only in Redis: a Redis restarted empty would forget the sweep for good.
    // Each time the connection is ready again, every schedule is upserted (idempotent).
    connection.on("ready", () => {
      if (this.schedules.size > 0) void this.reschedule("a reconnect");
    });
  }

  /** Every schedule asked for, upserted again (after a reconnect); a failure waits for the next one. */
  private async reschedule(after: string): Promise<void> {
    try {
      for (const [name, every] of this.schedules)
        await this.queue.upsertJobScheduler(name, { every }, { name, data: {} });
      this.log.info({ schedules: [...this.schedules.keys()], after }, "job schedules registered again");
    } catch (error) {
      this.log.warn({ err: error, after }, "job schedules could not be registered again; the next try is later");
    }
  }

  /** A repeating job ran to success: the watchdog hears of it here and on every other consumer. */
  private recordRun(name: string): void {
    if (!this.schedules.has(name as RepeatJobName)) return;
    this.watchdog.ran(name);
    this.connection.hset(this.lastRunKey, name, Date.now()).catch(() => {
      // Redis away: this process's watchdog has the run; the others hear of the next one.
    });
  }

  register<N extends JobName>(name: N, handler: JobHandler<JobPayloads[N]>): void {
    this.handlers.set(name, handler as JobHandler<never>);
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    await this.queue.add(name, payload, this.jobOptions(name, options));
  }

  async enqueueAll(requests: readonly JobRequest[]): Promise<void> {
    if (requests.length === 0) return;
    await this.queue.addBulk(
      requests.map(({ name, payload, options = {} }) => ({
        name,
        data: payload,
        opts: this.jobOptions(name, options),
      })),
    );
  }

  private jobOptions(name: JobName, options: EnqueueOptions): JobsOptions {
    const delay = options.runAt ? Math.max(0, options.runAt.getTime() - this.clock.now().getTime()) : 0;
    return {
      jobId: options.jobId ? bullId(`${name}-${options.jobId}`) : undefined,
      delay,
      attempts: options.attempts ?? 5,
      backoff: { type: "exponential", delay: 500 },
      removeOnComplete: { age: 3600, count: 5000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      ...(options.dedupe
        ? { deduplication: { id: bullId(`${name}-${options.dedupe.id}`), keepLastIfActive: true } }
        : {}),
    };
  }

  async cancel(name: JobName, jobId: string): Promise<void> {
    const job = await this.queue.getJob(bullId(`${name}-${jobId}`));
    if (!job) return;
    try {
      await job.remove();
    } catch (error) {
      // Already running: the handler is idempotent and re-checks the database.
      this.log.debug({ err: error, job: name, jobId }, "could not cancel a running job");
    }
  }

  async repeat(name: RepeatJobName, everyMs: number): Promise<void> {
    this.schedules.set(name, everyMs);
    await this.queue.upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
  }

  /** The schedule's next run (ms since the epoch), or null when Redis holds none (for tests and the console). */
  async scheduled(name: RepeatJobName): Promise<number | null> {
    const scheduler = await this.queue.getJobScheduler(name);
    return scheduler?.next ?? null;
  }

  async counts(): Promise<JobCounts> {
    const c = await this.queue.getJobCounts("wait", "prioritized", "waiting-children", "active", "delayed", "failed");
    return {
      waiting: (c.wait ?? 0) + (c.prioritized ?? 0) + (c["waiting-children"] ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  async start(): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker(
      QUEUE,
      async (job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
        const started = performance.now();
        try {
          await handler(job.data as never, { jobId: job.id ?? "", attempt: job.attemptsMade + 1 });
          this.telemetry.jobRun(job.name as JobName, performance.now() - started, true);
          this.recordRun(job.name);
        } catch (error) {
          this.telemetry.jobRun(job.name as JobName, performance.now() - started, false);
          throw error;
        }
      },
      { connection: this.connection, prefix: `${this.prefix}bull`, concurrency: this.concurrency },
    );
    this.worker.on("failed", (job, err) => {
      this.log.warn({ err, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade }, "job failed");
    });
    this.worker.on("error", (err) => this.log.error({ err }, "worker error"));
    await this.worker.waitUntilReady();
    this.watchdog.start();
  }

  async close(): Promise<void> {
    this.watchdog.stop();
    await this.worker?.close();
    await this.queue.close();
  }
}
