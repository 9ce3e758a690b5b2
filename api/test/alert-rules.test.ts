import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PrometheusTelemetry } from "@bm/core";
import { Jobs, SWEEP_EVERY_MS } from "@bm/shared";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers";
import { exposedNames, labelValues, metricNames, ruleExpressions } from "./support/promql";

const run = promisify(execFile);
const DEPLOY = fileURLToPath(new URL("../../deploy/", import.meta.url));
const RULES = `${DEPLOY}prometheus/alerts.yml`;
const CONFIG = `${DEPLOY}prometheus/prometheus.yml`;
const RULE_TESTS = `${DEPLOY}prometheus/alerts.test.yml`;
const DASHBOARD = `${DEPLOY}grafana/dashboard.json`;

/** Series Prometheus itself writes for every target: not the product's to export. */
const PROMETHEUS_OWN = new Set(["up"]);
/** The scrape jobs of deploy/prometheus/prometheus.yml; any other `job` a rule names is one of the product's jobs. */
const SCRAPE_JOBS = new Set(["api", "workers"]);
/** The watchdog speaks after three of the sweep's periods (packages/core/src/jobs/schedule-watchdog.ts). */
const STALL_PERIODS = 3;
/** deploy/prometheus/prometheus.yml's scrape and evaluation intervals: the lag an age seen by a rule may carry. */
const SCRAPE_AND_EVALUATION_S = 15 + 15;

/** promtool, run on a file; a promtool missing fails (never skips) with how to install it. */
async function promtool(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run("promtool", args, { timeout: 20_000 });
    return stdout + stderr;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failure.code === "ENOENT") {
      throw new Error(
        "promtool is not installed: it checks the alert rules (apt-get install prometheus; .ci/run installs it)",
      );
    }
    throw new Error(`promtool ${args.join(" ")} failed:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
  }
}

interface Panel {
  title?: string;
  type: string;
  datasource?: { type?: string; uid?: string };
  targets?: { expr?: string }[];
  panels?: Panel[];
}

interface Dashboard {
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query?: unknown; definition?: string }[] };
}

/** The data source every panel names: the dashboard's `datasource` variable, chosen at import. */
const DATASOURCE_VARIABLE = ["$", "{datasource}"].join("");

/** Every panel, those inside rows included. */
const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);

/**
 * The operator's alert rules and dashboard (issue 30): promtool validates the rules and the
 * Prometheus config and runs the rules' unit tests; every metric the rules and the dashboard read
 * is one an API node or the workers export, and the routes and jobs they name exist.
 */
describe("alert rules and dashboard", () => {
  let t: TestApp;
  let rules: string[];
  let dashboard: Dashboard;
  /** What an API node's /metrics declares, and what the workers' registry does. */
  let exported: Set<string>;

  beforeAll(async () => {
    t = await startTestApp("distributed", { METRICS_PORT: String(20_000 + Math.floor(Math.random() * 4000)) });
    const workers = new PrometheusTelemetry();
    const [api, workersText, rulesText, dashboardText] = await Promise.all([
      fetch(t.metricsUrl ?? "").then((r) => r.text()),
      workers.registry.metrics(),
      readFile(RULES, "utf8"),
      readFile(DASHBOARD, "utf8"),
    ]);
    exported = new Set([...exposedNames(api), ...exposedNames(workersText)]);
    rules = ruleExpressions(rulesText);
    dashboard = JSON.parse(dashboardText) as Dashboard;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("passes promtool: the rules check, the config (with its rules) checks, and the rules' unit tests pass", async () => {
    const [checked, config, tested] = await Promise.all([
      promtool("check", "rules", RULES),
      promtool("check", "config", CONFIG),
      promtool("test", "rules", RULE_TESTS),
    ]);
    const found = Number(checked.match(/SUCCESS: (\d+) rules found/)?.[1]);
    // Every rule's expression is read below: as many as promtool counts.
    expect(found).toBe(rules.length);
    expect(found).toBeGreaterThanOrEqual(10);
    expect(config).toContain("is valid prometheus config file syntax");
    expect(config).toMatch(/SUCCESS: 1 rule files found/);
    expect(tested).toMatch(/SUCCESS/);
    expect(tested).not.toMatch(/FAILED/);
  });

  it("has each alert an operator needs, each with a severity, a summary and a description", async () => {
    const text = await readFile(RULES, "utf8");
    const alerts = new Set([...text.matchAll(/- alert: (\w+)/g)].map((m) => m[1]));
    for (const name of [
      "NodeDown",
      "NodeNotReady",
      "BidsUnavailable",
      "BidLatencyHigh",
      "HttpServerErrors",
      "SweepStalled",
      "RepeatingJobStalled",
      "JobsFailing",
      "EventLoopLagging",
    ]) {
      expect(alerts, name).toContain(name);
    }
    const blocks = text.split(/\n\s+- alert: /).slice(1);
    expect(blocks.length).toBe(rules.length);
    for (const block of blocks) {
      expect(block, block.split("\n")[0]).toMatch(/severity: (critical|warning)\n/);
      expect(block, block.split("\n")[0]).toMatch(/summary: /);
      expect(block, block.split("\n")[0]).toMatch(/description: /);
    }
  });

  it("reads only metrics the product exports, routes it serves and jobs it runs", () => {
    const named = new Set(rules.flatMap((expr) => [...metricNames(expr)]));
    expect([...named].sort()).toEqual(
      expect.arrayContaining(["dependency_up", "job_last_run_timestamp_seconds", "job_schedule_stalled"]),
    );
    const missing = [...named].filter((name) => !exported.has(name) && !PROMETHEUS_OWN.has(name));
    expect(missing, "named by the rules but exported by neither an API node nor the workers").toEqual([]);

    const routes = new Set(rules.flatMap((expr) => [...labelValues(expr, "route")]));
    const methods = new Set(rules.flatMap((expr) => [...labelValues(expr, "method")]));
    expect(methods).toEqual(new Set(["POST"]));
    for (const route of routes) {
      if (route.includes("*")) continue; // a pattern (route!~"/api/health.*"), not a route
      expect(t.app.hasRoute({ method: "POST" as HTTPMethods, url: route }), `POST ${route}`).toBe(true);
    }
    expect(routes).toContain("/api/auction-lots/:lotId/bid");
    expect(routes).toContain("/api/auctions/:id/bid");

    const jobs = new Set<string>(Object.values(Jobs));
    for (const job of rules.flatMap((expr) => [...labelValues(expr, "job")])) {
      expect(SCRAPE_JOBS.has(job) || jobs.has(job), `job "${job}"`).toBe(true);
    }
  });

  it("says the sweep stalled only past three of its periods and the scrape's lag (SWEEP_EVERY_MS's default)", () => {
    const sweep = rules.find((expr) => expr.includes('job_last_run_timestamp_seconds{job="sweep"}')) ?? "";
    const age = Number(sweep.match(/job_last_run_timestamp_seconds\{job="sweep"\}\)\s*>\s*(\d+)/)?.[1]);
    expect(age).toBeGreaterThanOrEqual((STALL_PERIODS * SWEEP_EVERY_MS) / 1000 + SCRAPE_AND_EVALUATION_S);
    // Not much later: the sweep is what closes a lot whose close job was lost.
    expect(age).toBeLessThanOrEqual(120);
  });

  it("has a dashboard Grafana can import whose every query reads exported metrics", () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const variables = dashboard.templating.list;
    expect(variables.find((v) => v.name === "datasource")).toMatchObject({ type: "datasource", query: "prometheus" });
    const panels = allPanels(dashboard.panels).filter((p) => p.type !== "row");
    expect(panels.length).toBeGreaterThanOrEqual(8);
    const queries: string[] = [];
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe(DATASOURCE_VARIABLE);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) queries.push(target.expr ?? "");
    }
    for (const v of variables) if (v.type === "query") queries.push(v.definition ?? "");

    const named = new Set(queries.flatMap((q) => [...metricNames(q)]));
    for (const metric of [
      "bids_total",
      "http_request_duration_seconds_bucket",
      "socket_connections",
      "nodejs_eventloop_lag_p99_seconds",
      "job_runs_total",
      "job_last_run_timestamp_seconds",
      "dependency_up",
      "lock_wait_seconds_bucket",
    ]) {
      expect(named, metric).toContain(metric);
    }
    const missing = [...named].filter((name) => !exported.has(name) && !PROMETHEUS_OWN.has(name));
    expect(missing, "read by the dashboard but exported by neither an API node nor the workers").toEqual([]);
    for (const route of queries.flatMap((q) => [...labelValues(q, "route")])) {
      if (!route.includes("*")) expect(t.app.hasRoute({ method: "POST", url: route }), route).toBe(true);
    }
  });
});
