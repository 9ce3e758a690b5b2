/**
 * `pnpm routes`: every HTTP route the real app registers, with its declared access, one
 * `METHOD PATH  access` a line, without listening on a port or opening a database: registering
 * routes touches neither, so the app is built around a runtime that only carries configuration.
 */
import { loadConfig, type Runtime } from "@bm/core";
import { buildApp } from "./app";

const config = loadConfig({ LOG_LEVEL: "silent" });
const runtime = {
  config,
  sessionSecret: "r".repeat(48),
  sessions: {},
  devShop: {},
  db: { waitingQueries: () => 0 },
} as unknown as Runtime;
// Static files of web/dist are served too, but they are files, not the API's routes.
const app = await buildApp(runtime, { logger: false, serveWeb: false });
await app.ready();
const rows = app.routeTable
  .filter((r) => !r.url.startsWith("/api/docs"))
  .map((r) => ({ route: `${r.method} ${r.url}`, access: r.access ?? "(none)" }))
  .sort((a, b) => a.route.localeCompare(b.route));
await app.close();
const width = Math.max(...rows.map((r) => r.route.length)) + 2;
console.log(rows.map((r) => `${r.route.padEnd(width)}${r.access}`).join("\n"));
