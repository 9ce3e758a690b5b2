import type { JobName, JobPayloads, RepeatJobName } from "@bm/shared";

export interface JobContext {
  jobId: string;
  attempt: number;
}
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Deterministic id: enqueueing the same id twice while it is pending is a no-op. */
  jobId?: string;
  /** Run at this time (the clock's time), else as soon as possible. */
  runAt?: Date;
  attempts?: number;
  /**
   * At most one job per id waiting and one running: enqueueing while one with this id waits is a
   * no-op; one enqueued while it runs is kept (the last) and runs once after it, so nothing that
   * happens during a run goes unseen.
   */
  dedupe?: { id: string };
}

/** One job to enqueue: its name, its payload (typed by the name) and its options. */
export type JobRequest = {
  [N in JobName]: { name: N; payload: JobPayloads[N]; options?: EnqueueOptions };
}[JobName];

/** Jobs by state: waiting to run now, running, scheduled for later, and given up after their retries. */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * Background jobs, at least once: every handler must be idempotent. In-process when embedded,
 * BullMQ (with `workers/` as the consumer) when Redis is configured. Names and payloads come
 * from the shared job table (`JobPayloads`).
 */
export interface JobsPort {
  readonly kind: "memory" | "bullmq";
  register<N extends JobName>(name: N, handler: JobHandler<JobPayloads[N]>): void;
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /**
   * Several jobs, each as `enqueue` would take it, in one trip where the queue allows it (BullMQ's
   * `addBulk`: one pipeline to Redis rather than a round trip and a reply to wait for per job).
   */
  enqueueAll(requests: readonly JobRequest[]): Promise<void>;
  /** Removes a pending job (e.g. a lot close re-scheduled by soft close). */
  cancel(name: JobName, jobId: string): Promise<void>;
  /** Runs `name` every `everyMs` (the sweeper). */
  repeat(name: RepeatJobName, everyMs: number): Promise<void>;
  /** How many jobs wait, run, are scheduled and failed for good (the live console's figures). */
  counts(): Promise<JobCounts>;
  /** Starts consuming: registered handlers begin to run. */
  start(): Promise<void>;
  close(): Promise<void>;
}
