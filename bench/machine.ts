import { cpus, loadavg, totalmem } from "node:os";
import { round } from "./stats";

const load = () => loadavg().map((n) => round(n, 2));

/** What the figures were taken on: other work on the machine skews every one of them. */
export function machineAtStart() {
  const startedAt = new Date();
  const loadAtStart = load();
  return {
    startedAt,
    /** The machine as it is at the end of the run, with the load average at both ends. */
    finish: () => ({
      date: startedAt.toISOString(),
      seconds: round((Date.now() - startedAt.getTime()) / 1000),
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memoryGb: round(totalmem() / 2 ** 30),
      node: process.version,
      /** 1, 5 and 15 minute load averages. */
      loadAverage: { atStart: loadAtStart, atEnd: load() },
    }),
  };
}
