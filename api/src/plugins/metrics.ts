import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client), one registry per app so tests can build many.
 * It also serves as the runtime's telemetry: bids placed and refused, job runs, lock waits.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly bids = new Counter({
    name: "bids_total",
    help: "Bids placed and refused",
    labelNames: ["kind", "outcome", "code"],
    registers: [this.registry],
  });
  readonly sockets = new Gauge({
    name: "socket_connections",
    help: "Socket.IO connections open on this node",
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
  readonly lockWait = new Histogram({
    name: "lock_wait_seconds",
    help: "Time spent waiting for a per-lot lock before running",
    labelNames: ["acquired"],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  // The runtime's telemetry port.
  bid(kind: "lot" | "auction", outcome: "placed" | "refused", code = ""): void {
    this.bids.inc({ kind, outcome, code });
  }
  jobRun(name: string, ms: number, ok: boolean): void {
    this.jobRuns.inc({ job: name, outcome: ok ? "ok" : "failed" });
    this.jobDuration.observe({ job: name }, ms / 1000);
  }
  lockWaited(ms: number, acquired: boolean): void {
    this.lockWait.observe({ acquired: String(acquired) }, ms / 1000);
  }
}

/** Times every request by its route pattern (never the raw URL: ids would explode the labels). */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
