#!/usr/bin/env node
/**
 * `npm start` and `npm test` on a machine with only Node.js 20+ and npm: installs the pinned
 * pnpm into .tools/, installs the workspace, builds the web app when its sources changed, then
 * serves the product (embedded data, no services) or runs the whole suite.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PNPM_VERSION = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];
const tools = join(root, ".tools");
const bin = join(tools, "node_modules", ".bin");
const env = { ...process.env, PATH: `${bin}:${join(root, "node_modules", ".bin")}:${process.env.PATH}` };
const command = process.argv[2];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
function must(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}
function step(text) {
  console.log(`\n▸ ${text}`);
}

function ensurePnpm() {
  const installed = join(tools, "node_modules", "pnpm", "package.json");
  if (existsSync(installed) && JSON.parse(readFileSync(installed, "utf8")).version === PNPM_VERSION) return;
  step(`installing pnpm ${PNPM_VERSION} into .tools/`);
  mkdirSync(tools, { recursive: true });
  writeFileSync(join(tools, "package.json"), '{ "name": "bm-tools", "private": true }\n');
  must("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--prefix", tools, `pnpm@${PNPM_VERSION}`]);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildWeb() {
  const index = join(root, "web", "dist", "index.html");
  const sources = Math.max(newestMtime(join(root, "web")), newestMtime(join(root, "packages", "shared", "src")));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  step("building the web app");
  must("pnpm", ["--filter", "@bm/web", "build"]);
}

function install() {
  ensurePnpm();
  step("installing the workspace");
  must("pnpm", ["install", "--frozen-lockfile", "--prefer-offline", "--reporter=append-only"]);
  buildWeb();
}

function start() {
  install();
  const serverEnv = {
    ...env,
    DEMO: env.DEMO ?? "1",
    GATE_PASSWORD: env.GATE_PASSWORD ?? "nocturne",
    NODE_ENV: env.NODE_ENV ?? "production",
  };
  step("opening the Black Market");
  if (!serverEnv.DATABASE_URL)
    console.log(`  embedded data in ${serverEnv.DATA_DIR ?? "./.data"} (no Postgres or Redis needed)`);
  if (!serverEnv.SMTP_URL) console.log("  sign-in codes are printed here, in this console");
  console.log(`  the Bidding Hall gate word is "${serverEnv.GATE_PASSWORD}"`);
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: root,
    env: serverEnv,
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

function test() {
  const begun = Date.now();
  install();
  const installed = Math.round((Date.now() - begun) / 1000);
  const out = join(root, "test-results");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const took = {};
  const timed = (name, fn) => {
    const at = Date.now();
    const status = fn();
    took[name] = Math.round((Date.now() - at) / 1000);
    return status;
  };

  step("lint (biome: feature boundaries, import cycles, format)");
  const lint = timed("lint", () => run("pnpm", ["lint"]));

  step("unit and integration tests (vitest)");
  const vitest = timed("vitest", () =>
    run("pnpm", [
      "exec",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${join(out, "vitest.json")}`,
    ]),
  );

  step("browser tests (Playwright in /usr/bin/chromium)");
  const playwright = timed("playwright", () =>
    run("pnpm", ["exec", "playwright", "test"], {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, "playwright.json") },
    }),
  );

  const v = readJson(join(out, "vitest.json"));
  const p = readJson(join(out, "playwright.json"));
  const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
  const failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0) + (p?.stats?.flaky ?? 0);
  const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
  const seconds = Math.round((Date.now() - begun) / 1000);
  const parts = Object.entries({ "install and build": installed, ...took })
    .map(([name, s]) => `${name} ${s} s`)
    .join(", ");
  console.log(
    `\nsuite finished in ${seconds} s (${parts}; lint exit ${lint}, vitest exit ${vitest}, playwright exit ${playwright})`,
  );
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(lint !== 0 || vitest !== 0 || playwright !== 0 || passed === 0 ? 1 : 0);
}

if (command === "start") start();
else if (command === "test") test();
else if (command === "install") install();
else {
  console.error("usage: node scripts/run.mjs start|test|install");
  process.exit(2);
}
