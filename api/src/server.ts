import { ConfigError, createRuntime, loadConfig, type Runtime, reconcile, registerJobs, serveMetrics } from "@bm/core";
import { pino } from "pino";
import { buildApp, LISTEN_BACKLOG } from "./app";
import { Metrics } from "./plugins/metrics";
import { attachGateway } from "./realtime/gateway";

/** Starts one API node: HTTP, the socket gateway and, when embedded, the in-process jobs. */
export async function startServer(env = process.env) {
  const started = performance.now();
  const config = loadConfig(env);
  const log = pino({ level: config.logLevel });
  const metrics = new Metrics();
  const runtime: Runtime = await createRuntime(config, { log, telemetry: metrics });
  const app = await buildApp(runtime, { loggerInstance: log, metrics });
  attachGateway(app, runtime);

  // Embedded: the API process is also the worker. Distributed: `workers/` consumes the queues.
  const event = await runtime.seeds.ensureEvent();
  if (event !== "kept") log.info({ event }, "auction event seeded");
  if (runtime.mode === "embedded") {
    await registerJobs(runtime);
    // What fell due while nothing ran closes first, in deadline order, before any job is consumed.
    await runtime.closeWatch.watch();
    await runtime.jobs.start();
  }
  // Close jobs for open lots: consumed here when embedded, by the workers when distributed.
  await reconcile(runtime);

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // Never on the public port: scraped on a port of its own, which the proxy does not publish.
  const metricsServer = config.metricsPort ? await serveMetrics(metrics, config.metricsPort, config.host) : undefined;
  const ms = Math.round(performance.now() - started);
  app.log.info(
    {
      mode: runtime.mode,
      mail: runtime.mail.kind,
      jobs: runtime.jobs.kind,
      metricsPort: config.metricsPort,
      startupMs: ms,
    },
    `The Black Market is open at ${config.publicUrl}`,
  );
  if (runtime.mail.kind === "console") {
    app.log.info("Sign-in codes are printed in this console (no SMTP_URL set).");
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      metricsServer?.close();
      await app.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  return { app, runtime, startupMs: ms };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
