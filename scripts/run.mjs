#!/usr/bin/env node
/**
 * `npm start` and `npm test` on a machine with only Node.js 20+ and npm: installs the pinned
 * pnpm into .tools/, installs the workspace, builds the web app when its sources changed, then
 * serves the product (embedded data, no services) or runs the whole suite.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
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

/**
 * Runs `cmd` as one lane of the suite, beside the others: each line it prints is printed as it
 * comes with the lane's name in front. `nice` lowers its priority (it and everything it starts),
 * so it takes the cores the other lanes leave. Resolves to its exit status.
 */
function lane(name, cmd, args, { nice = 0, env: extra = {} } = {}) {
  return new Promise((resolve) => {
    const color = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...env, ...color, ...extra },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Before the child has started anything of its own: what it starts inherits the priority.
    if (nice) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // A platform that will not lower it runs the lane at the usual priority.
      }
    }
    const tag = `${name.padEnd(10)}│ `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) =>
        process.stdout.write(`${tag}${line}\n`),
      );
    }
    child.on("error", (error) => {
      console.error(`${tag}${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function test() {
  const begun = Date.now();
  install();
  const installed = Math.round((Date.now() - begun) / 1000);
  const out = join(root, "test-results");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const took = {};
  const timed = async (name, fn) => {
    const at = Date.now();
    const status = await fn();
    took[name] = Math.round((Date.now() - at) / 1000);
    return status;
  };
  const lint = () => timed("lint", () => lane("lint", "pnpm", ["lint"]));
  // Vitest's files and the browser journeys run side by side: alone, each leaves much of a two-core
  // machine idle (the integration files wait on Postgres, Redis and sockets; the journeys on pages
  // and timers). The journeys keep the usual priority, since their waits are bounded in time;
  // vitest takes what they leave, and both cores once they are done. BM_TEST_SERIAL=1 runs the
  // parts one after the other, for the time of each alone.
  const serial = env.BM_TEST_SERIAL === "1";
  const vitest = () =>
    timed("vitest", () =>
      lane(
        "vitest",
        "pnpm",
        [
          "exec",
          "vitest",
          "run",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${join(out, "vitest.json")}`,
        ],
        { nice: serial ? 0 : 10 },
      ),
    );
  const playwright = () =>
    timed("playwright", () =>
      lane("playwright", "pnpm", ["exec", "playwright", "test"], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, "playwright.json") },
      }),
    );

  let statuses;
  if (serial) {
    step("lint (biome), then vitest (unit, integration, web), then Playwright (journeys in /usr/bin/chromium)");
    statuses = [await lint(), await vitest(), await playwright()];
  } else {
    step("lint (biome), vitest (unit, integration, web) and Playwright (journeys in /usr/bin/chromium), side by side");
    statuses = await Promise.all([lint(), vitest(), playwright()]);
  }
  const [lintStatus, vitestStatus, playwrightStatus] = statuses;

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
    `\nsuite finished in ${seconds} s (${parts}; lint exit ${lintStatus}, vitest exit ${vitestStatus}, playwright exit ${playwrightStatus})`,
  );
  // A file whose setup failed fails no test of its own: its tests are counted skipped.
  const brokenFiles = (v?.testResults ?? []).filter((file) => file.status === "failed").length;
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped; vitest files failed: ${brokenFiles}`);
  process.exit(lintStatus !== 0 || vitestStatus !== 0 || playwrightStatus !== 0 || passed === 0 ? 1 : 0);
}

if (command === "start") start();
else if (command === "test")
  test().catch((error) => {
    console.error(error);
    process.exit(1);
  });
else if (command === "install") install();
else {
  console.error("usage: node scripts/run.mjs start|test|install");
  process.exit(2);
}
