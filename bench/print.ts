import type { BidComparison } from "./bids";
import type { ClusterResult } from "./cluster";
import type { FanoutComparison } from "./fanout";
import type { LighthousePage } from "./lighthouse";
import type { ReconnectRun } from "./reconnect";

const pad = (s: string | number, n: number) => String(s).padStart(n);
const line = "─".repeat(100);

/** Bids: raw, pgbench and product per scenario, product ÷ raw, product ÷ pgbench, and the goals. */
export function printBids(bids: BidComparison[]): void {
  console.log(`\n${line}`);
  console.log(
    `${"bids (raw = pg transaction, product = HTTP)".padEnd(44)}${pad("bids/s", 9)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("refused", 9)}${pad("limited", 9)}${pad("errors", 8)}`,
  );
  console.log("     (pgbench = raw's transaction by pgbench)");
  console.log(line);
  for (const b of bids) {
    console.log(b.scenario);
    for (const [label, run] of [
      ["  raw", b.raw],
      [`  pgbench -M ${b.pgbench.mode} -c ${b.pgbench.inFlight} -j ${b.pgbench.threads}`, b.pgbench],
      ["  product", b.product],
    ] as const) {
      console.log(
        `${label.padEnd(44)}${pad(run.bidsPerSecond, 9)}${pad(run.latencyMs.p50, 9)}${pad(run.latencyMs.p99, 9)}${pad(run.refused, 9)}${pad(run.limited, 9)}${pad(run.errors, 8)}`,
      );
    }
    for (const [label, r] of [
      ["  product ÷ raw", b.ratio],
      ["  product ÷ pgbench", b.vsPgbench],
    ] as const) {
      console.log(`${label.padEnd(44)}${pad(`${r.bidsPerSecond}x`, 9)}${pad(`${r.p50}x`, 9)}${pad(`${r.p99}x`, 9)}`);
    }
    if (b.goal) console.log(`  goal: ${b.goal.text}: ${b.goal.ratio}x, ${b.goal.met ? "met" : "NOT MET"}`);
  }
  console.log(line);
}

/** Fan-out: arrival at each socket and at the last one, raw and product, and product ÷ raw. */
export function printFanout(fanout: FanoutComparison[]): void {
  console.log(`\n${line}`);
  console.log(
    `${"fan-out (ms after acceptance)".padEnd(44)}${pad("last p50", 10)}${pad("last p99", 10)}${pad("each p50", 10)}${pad("each p99", 10)}${pad("missing", 9)}`,
  );
  console.log(line);
  for (const f of fanout) {
    console.log(`${f.sockets} sockets, ${f.product.broadcasts} broadcasts`);
    for (const [label, run] of [
      ["  raw Socket.IO, one emit", f.raw],
      ["  product (HTTP bid → lot:bid)", f.product],
    ] as const) {
      console.log(
        `${label.padEnd(44)}${pad(run.lastSocketMs.p50, 10)}${pad(run.lastSocketMs.p99, 10)}${pad(run.eachSocketMs.p50, 10)}${pad(run.eachSocketMs.p99, 10)}${pad(run.missing, 9)}`,
      );
    }
    console.log(
      `${"  product ÷ raw (one emit)".padEnd(44)}${pad(`${f.ratio.lastSocketP50}x`, 10)}${pad(`${f.ratio.lastSocketP99}x`, 10)}${pad("", 10)}${pad(`${f.ratio.eachSocketP99}x`, 10)}`,
    );
  }
  console.log(line);
}

/** The reconnect storm: each way of coming back beside reconnecting alone. */
export function printReconnect(runs: ReconnectRun[]): void {
  const first = runs[0];
  if (!first) return;
  console.log(`\n${line}`);
  console.log(
    `reconnect: ${first.sockets} sockets over ${first.lots} lots, node restarted, ${first.bidsWhileDown} bids while it was down`,
  );
  console.log(
    `${"".padEnd(44)}${pad("synced ms", 10)}${pad("unsynced", 10)}${pad("db xacts", 10)}${pad("/socket", 10)}${pad("/lot", 9)}${pad("http", 8)}`,
  );
  console.log(line);
  const labels: Record<ReconnectRun["mode"], string> = {
    anchor: "  reconnecting alone (anchor)",
    resync: "  resync by version (one answer per room)",
    refetch: "  before: state, then the history by HTTP",
  };
  for (const run of runs) {
    console.log(
      `${labels[run.mode].padEnd(44)}${pad(run.syncedMs, 10)}${pad(run.unsynced, 10)}${pad(run.transactions, 10)}${pad(run.perSocket, 10)}${pad(run.perLot, 9)}${pad(run.httpRequests, 8)}`,
    );
  }
  const anchor = runs.find((r) => r.mode === "anchor");
  const resync = runs.find((r) => r.mode === "resync");
  if (anchor && resync) {
    const extra = resync.transactions - anchor.transactions;
    console.log(
      `${"  resync beyond reconnecting alone".padEnd(44)}${pad("", 10)}${pad("", 10)}${pad(extra, 10)}${pad(Math.round((extra / resync.sockets) * 100) / 100, 10)}${pad(Math.round((extra / resync.lots) * 10) / 10, 9)}`,
    );
  }
  console.log(line);
}

/** The first visit: bench/first-visit.ts's median LCP beside its budget. */
export function printFirstVisit(visit: { page: string; medianMs: number; budgetMs: number }): void {
  const share = Math.round((visit.medianMs / visit.budgetMs) * 100) / 100;
  console.log(`\nfirst visit ${visit.page}: LCP median ${visit.medianMs} ms, budget ${visit.budgetMs} ms (${share}x)`);
}

/** Lighthouse mobile: each page's medians beside its targets (performance, LCP, JavaScript). */
export function printLighthouse(pages: LighthousePage[]): void {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(`\n${line}`);
  console.log(
    `${"lighthouse mobile (median of runs)".padEnd(36)}${pad("perf", 6)}${pad("≥", 4)}${pad("LCP ms", 9)}${pad("≤", 6)}${pad("FCP ms", 9)}${pad("TBT ms", 9)}${pad("CLS", 7)}${pad("JS kB", 8)}${pad("≤", 7)}`,
  );
  console.log(line);
  for (const p of pages) {
    const label = `${p.page}${p.signedIn ? " (member)" : ""}${p.meets ? "" : "  MISSES"}`;
    console.log(
      `${label.padEnd(36)}${pad(p.performance, 6)}${pad(p.targets.performance, 4)}${pad(p.lcpMs, 9)}${pad(p.targets.lcpMs, 6)}${pad(p.fcpMs, 9)}${pad(p.tbtMs, 9)}${pad(p.cls, 7)}${pad(kb(p.jsBytes), 8)}${pad(kb(p.targets.jsBytes), 7)}`,
    );
  }
  console.log(line);
}

/** Four nodes: the last socket's fan-out beside bare Socket.IO, memory per socket, each adapter kind. */
export function printCluster(cluster: ClusterResult): void {
  for (const run of cluster.runs) {
    console.log(`\n${line}`);
    console.log(
      `cluster, ${run.adapter} adapter: ${run.nodes} nodes, ${run.socketsAsked} sockets asked per side, ${run.clients} client processes, open files ${run.openFiles.soft}`,
    );
    console.log(
      `${"fan-out to the last socket (ms)".padEnd(36)}${pad("sockets", 9)}${pad("failed", 8)}${pad("last p50", 10)}${pad("last p99", 10)}${pad("max", 9)}${pad("first p50", 10)}${pad("missing", 9)}`,
    );
    console.log(line);
    for (const [label, side] of [
      ["  bare Socket.IO, one emit", run.bare],
      ["  product (HTTP bid → lot:bid)", run.product],
    ] as const) {
      console.log(
        `${label.padEnd(36)}${pad(side.sockets, 9)}${pad(side.failed, 8)}${pad(side.lastSocketMs.p50, 10)}${pad(side.lastSocketMs.p99, 10)}${pad(side.lastSocketMs.max, 9)}${pad(side.firstSocketMs.p50, 10)}${pad(side.missing, 9)}`,
      );
    }
    console.log(
      `${"  product ÷ bare".padEnd(53)}${pad(`${run.ratio.lastSocketP50}x`, 10)}${pad(`${run.ratio.lastSocketP99}x`, 10)}   p99 within 1.2x: ${run.withinTarget ? "yes" : "NO"}; servers' cpu ${run.ratio.serverCpu}x`,
    );
    console.log(
      `${"memory per socket (growth since idle)".padEnd(36)}${pad("sockets", 9)}${pad("rss kB", 9)}${pad("heap kB", 9)}${pad("rss MB", 9)}${pad("bare rss kB", 13)}${pad("heap kB", 9)}${pad("rss MB", 9)}`,
    );
    console.log(
      `${"  idle (4 processes)".padEnd(36)}${pad("", 9)}${pad("", 9)}${pad("", 9)}${pad(run.product.idle.rssMb, 9)}${pad("", 13)}${pad("", 9)}${pad(run.bare.idle.rssMb, 9)}`,
    );
    run.product.memory.forEach((p, i) => {
      const b = run.bare.memory[i];
      console.log(
        `${`  ${p.sockets} sockets (nodes ${p.rssKbPerSocketRange.join("-")} kB)`.padEnd(36)}${pad(Math.round(p.sockets), 9)}${pad(p.rssKbPerSocket, 9)}${pad(p.heapKbPerSocket, 9)}${pad(p.rssMb, 9)}${pad(b?.rssKbPerSocket ?? "", 13)}${pad(b?.heapKbPerSocket ?? "", 9)}${pad(b?.rssMb ?? "", 9)}`,
      );
    });
    console.log(
      `  cpu ms per broadcast (servers [each] / clients): product ${run.product.cpuMsPerBroadcast.servers} [${run.product.cpuMsPerBroadcast.byServer.join(" ")}] / ${run.product.cpuMsPerBroadcast.clients}, bare ${run.bare.cpuMsPerBroadcast.servers} [${run.bare.cpuMsPerBroadcast.byServer.join(" ")}] / ${run.bare.cpuMsPerBroadcast.clients}`,
    );
    console.log(
      `  last socket p50 by server (1 took the bid or emit): product ${run.product.lastSocketP50ByServer.join(" ")}; bare ${run.bare.lastSocketP50ByServer.join(" ")}`,
    );
    console.log(
      `  connect s per checkpoint: product ${run.product.connectSeconds.join(", ")} (${run.product.retried} tries again); bare ${run.bare.connectSeconds.join(", ")}; clients' rss ${run.clientRssMb} MB; ${run.seconds} s; load ${run.loadAverage.join(" ")}`,
    );
    if (run.product.firstError) console.log(`  product: first failure: ${run.product.firstError}`);
    if (run.bare.firstError) console.log(`  bare: first failure: ${run.bare.firstError}`);
  }
  const classic = cluster.runs.find((r) => r.adapter === "classic");
  const sharded = cluster.runs.find((r) => r.adapter === "sharded");
  if (classic && sharded) {
    console.log(
      `\nsharded vs classic: product last p99 ${sharded.product.lastSocketMs.p99} vs ${classic.product.lastSocketMs.p99} ms (÷ its bare: ${sharded.ratio.lastSocketP99}x vs ${classic.ratio.lastSocketP99}x); p50 ${sharded.product.lastSocketMs.p50} vs ${classic.product.lastSocketMs.p50} ms (${sharded.ratio.lastSocketP50}x vs ${classic.ratio.lastSocketP50}x)`,
    );
  }
  console.log(line);
}
