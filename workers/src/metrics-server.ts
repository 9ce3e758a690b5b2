import { createServer, type Server } from "node:http";
import type { PrometheusTelemetry } from "@bm/core";

/** The workers' Prometheus metrics (job runs and failures, lock waits) at GET /metrics on `port`. */
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
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
