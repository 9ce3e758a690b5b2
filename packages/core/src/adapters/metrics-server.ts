import { createServer, type Server } from "node:http";
import type { PrometheusTelemetry } from "./prometheus-telemetry";

/**
 * A process's Prometheus metrics at GET /metrics on `port` (METRICS_PORT), a port of its own that
 * is never the public one: the API node's (HTTP latency, bids, sockets) and the workers' (job runs
 * and failures, lock waits). Anything else answers 404.
 */
export async function serveMetrics(telemetry: PrometheusTelemetry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    telemetry.exposition().then(
      ({ contentType, text }) => response.writeHead(200, { "content-type": contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
