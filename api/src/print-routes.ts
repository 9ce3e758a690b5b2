/**
 * `pnpm routes`: every HTTP route the real app registers, one `METHOD PATH` a line, without
 * listening on a port or opening a database: route registration touches neither, so the app is
 * built around a runtime that only carries configuration.
 */
import { loadConfig, type Runtime } from "@bm/core";
import { buildApp } from "./app";

const routes = new Set<string>();
const config = loadConfig({ LOG_LEVEL: "silent" });
const runtime = { config, sessionSecret: "r".repeat(48), sessions: {}, devShop: {} } as unknown as Runtime;
// Static files of web/dist are served too, but they are files, not the API's routes.
const app = await buildApp(runtime, {
  logger: false,
  serveWeb: false,
  onRoute: (method, url) => {
    if (method !== "HEAD") routes.add(`${method} ${url}`);
  },
});
await app.ready();
await app.close();
console.log([...routes].sort().join("\n"));
