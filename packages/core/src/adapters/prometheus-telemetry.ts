import type { RepeatJobName } from "@bm/shared";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { TelemetryPort } from "../ports/telemetry";

/**
 * The telemetry port as Prometheus metrics (prom-client), on a registry of its own so a process
 * (or a test) can hold several: bids placed and refused, job runs and failures, lock waits, and
 * the process's default metrics. The API adds its HTTP and socket metrics to the same registry;
 * the workers serve it on METRICS_PORT.
 */
export class PrometheusTelemetry implements TelemetryPort {
  readonly registry = new Registry();
  readonly bids = new Counter({
    name: "bids_total",
    help: "Bids placed and refused, by kind and refusal code",
    labelNames: ["kind", "outcome", "code"],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: "job_runs_total",
    help: "Background job runs by outcome",
    labelNames: ["job", "outcome"],
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: "job_duration_seconds",
    help: "Background job run time",
    labelNames: ["job"],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15],
    registers: [this.registry],
  });
  readonly jobLastRun = new Gauge({
    name: "job_last_run_timestamp_seconds",
    help: "When each job last ran to success in this process (unix seconds)",
    labelNames: ["job"],
    registers: [this.registry],
  });
  readonly scheduleStalls = new Gauge({
    name: "job_schedule_stalled",
    help: "1 while a repeating job has not run for three of its periods (the schedule watchdog), else 0",
    labelNames: ["job"],
    registers: [this.registry],
  });
  readonly lockWaits = new Histogram({
    name: "lock_wait_seconds",
    help: "Time spent waiting for a per-lot lock before the work ran",
    labelNames: ["acquired"],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  bid(kind: "lot" | "auction", outcome: "placed" | "refused", code = ""): void {
    this.bids.inc({ kind, outcome, code });
  }

  jobRun(name: string, ms: number, ok: boolean): void {
    this.jobRuns.inc({ job: name, outcome: ok ? "ok" : "failed" });
    this.jobDuration.observe({ job: name }, ms / 1000);
    if (ok) this.jobLastRun.set({ job: name }, Date.now() / 1000);
  }

  scheduleStalled(name: RepeatJobName, stalled: boolean): void {
    this.scheduleStalls.set({ job: name }, stalled ? 1 : 0);
  }

  lockWait(ms: number, acquired: boolean): void {
    this.lockWaits.observe({ acquired: String(acquired) }, ms / 1000);
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
