import { PrometheusTelemetry } from "@bm/core";
import type { FastifyInstance } from "fastify";
import { Gauge, Histogram } from "prom-client";

/**
 * The API node's Prometheus metrics: the runtime's telemetry (bids, jobs, lock waits) plus HTTP
 * latency by route and open sockets, all on one registry, served at /metrics on METRICS_PORT (its
 * own port, as the workers do: the public port answers 404 there).
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
