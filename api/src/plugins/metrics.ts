import { PrometheusTelemetry } from "@bm/core";
import type { ReadinessAnswer } from "@bm/shared";
import type { FastifyInstance } from "fastify";
import { Gauge, Histogram } from "prom-client";

/**
 * The API node's Prometheus metrics: the runtime's telemetry (bids, jobs, lock waits) plus HTTP
 * latency by route, open sockets and its readiness, all on one registry, served at /metrics on
 * METRICS_PORT (its own port, as the workers do: the public port answers 404 there). The alert
 * rules that read them: deploy/prometheus/alerts.yml.
 */
export class Metrics extends PrometheusTelemetry {
  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by route pattern",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly sockets = new Gauge({
    name: "socket_connections",
    help: "Socket.IO connections open on this node",
    registers: [this.registry],
  });
  /** The readiness check this node's /api/health/ready answers (set by buildApp: it needs the runtime). */
  private readiness: (() => Promise<ReadinessAnswer>) | undefined;
  /**
   * Readiness as Prometheus sees it: each dependency 1 when it answered the readiness check in time
   * (READY_TIMEOUT_MS), else 0, checked at every scrape (Redis absent when embedded: it has none).
   */
  readonly dependencyUp = new Gauge({
    name: "dependency_up",
    help: "1 when the dependency answered this node's readiness check (/api/health/ready) within its bound, else 0",
    labelNames: ["dependency"],
    registers: [this.registry],
    collect: () => this.collectReadiness(),
  });

  /** Measures `dependency_up` with `check`, the very check /api/health/ready answers. */
  watchReadiness(check: () => Promise<ReadinessAnswer>): void {
    this.readiness = check;
  }

  private async collectReadiness(): Promise<void> {
    if (!this.readiness) return;
    const { checks } = await this.readiness();
    this.dependencyUp.reset();
    this.dependencyUp.set({ dependency: "postgres" }, checks.postgres.ok ? 1 : 0);
    if (checks.redis) this.dependencyUp.set({ dependency: "redis" }, checks.redis.ok ? 1 : 0);
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
