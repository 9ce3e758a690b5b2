import type { JobName, RepeatJobName } from "@bm/shared";

/**
 * What the product reports about itself (the metrics adapter counts and times it). Calls must be
 * cheap and never throw: they sit on the bid path.
 */
export interface TelemetryPort {
  /** A bid placed, or refused with its error code. */
  bid(kind: "lot" | "auction", outcome: "placed" | "refused", code?: string): void;
  /** One run of a job handler (repeats included), how long it took and whether it succeeded. */
  jobRun(name: JobName, ms: number, ok: boolean): void;
  /** Time spent waiting for a lock before its work ran, and whether the lock was had. */
  lockWait(ms: number, acquired: boolean): void;
  /** A repeating job found silent for three of its periods (true), or running again (false). */
  scheduleStalled(name: RepeatJobName, stalled: boolean): void;
}

export const noTelemetry: TelemetryPort = {
  bid() {},
  jobRun() {},
  lockWait() {},
  scheduleStalled() {},
};
