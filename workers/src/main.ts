import {
  ConfigError,
  createRuntime,
  loadConfig,
  PrometheusTelemetry,
  RedisEmitterRealtime,
  reconcile,
  registerJobs,
  serveMetrics,
} from "@bm/core";

/** The BullMQ consumer: thin shells around packages/core services. Needs REDIS_URL and DATABASE_URL. */
async function main() {
  const config = loadConfig();
  if (!config.redisUrl || !config.databaseUrl) {
    throw new ConfigError(
      "The workers process needs REDIS_URL and DATABASE_URL (embedded mode runs jobs inside the API).",
    );
  }
  const telemetry = new PrometheusTelemetry();
  const runtime = await createRuntime(config, { poolSize: 5, telemetry });
  if (runtime.redis) runtime.realtime.attach(new RedisEmitterRealtime(runtime.redis, `${config.redisPrefix}socket.io`));
  await registerJobs(runtime);
  // Lots that fell due while no worker ran close now, before any job is looked at: a sweep left
  // in the queue, consumed alongside this first pass, would close the last of them out of order.
  await runtime.closeWatch.watch();
  await runtime.jobs.start();
  await reconcile(runtime);
  const metrics = config.metricsPort ? await serveMetrics(telemetry, config.metricsPort, config.host) : undefined;
  runtime.log.info({ mode: runtime.mode, metricsPort: config.metricsPort }, "workers started");

  const stop = async (signal: string) => {
    runtime.log.info({ signal }, "workers stopping");
    metrics?.close();
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
