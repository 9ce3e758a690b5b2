export interface JobContext {
  jobId: string;
  attempt: number;
}
export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Deterministic id: enqueueing the same id twice while it is pending is a no-op. */
  jobId?: string;
  /** Run at this time (the clock's time), else as soon as possible. */
  runAt?: Date;
  attempts?: number;
}

/**
 * Background jobs, at least once: every handler must be idempotent. In-process when embedded,
 * BullMQ (with `workers/` as the consumer) when Redis is configured.
 */
export interface JobsPort {
  readonly kind: "memory" | "bullmq";
  register<P>(name: string, handler: JobHandler<P>): void;
  enqueue<P>(name: string, payload: P, options?: EnqueueOptions): Promise<void>;
  /** Removes a pending job (e.g. a lot close re-scheduled by soft close). */
  cancel(name: string, jobId: string): Promise<void>;
  /** Runs `name` every `everyMs` (the sweeper). */
  repeat(name: string, everyMs: number): Promise<void>;
  /** Starts consuming: registered handlers begin to run. */
  start(): Promise<void>;
  close(): Promise<void>;
}
