/**
 * bench/results.json across runs: a run of some scenarios (`pnpm bench -- --only=bids`) replaces
 * those scenarios' sections and keeps every other one as stored, each section with the machine
 * and settings of the run that measured it (`taken`).
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";

/** Each scenario's section in results.json. */
export const SECTION_OF = {
  bids: "bids",
  fanout: "fanout",
  reconnect: "reconnect",
  cluster: "cluster",
  closes: "closes",
  "first-visit": "firstVisit",
  lighthouse: "lighthouse",
  // Printed, not stored: bench/fairplay.ts times the fair-play signals and says its figure.
  fairplay: "fairplay",
} as const;
export type Scenario = keyof typeof SECTION_OF;
export const SCENARIOS = Object.keys(SECTION_OF) as Scenario[];

/** The machine and settings of the run that measured a section. */
export interface Taken {
  machine: unknown;
  settings: unknown;
}

/** What one run measured: its sections by scenario (a scenario not run is absent or undefined). */
export interface RunResults {
  machine: unknown;
  settings: unknown;
  notes: string[];
  sections: Partial<Record<Scenario, unknown>>;
}

export type Stored = Record<string, unknown>;

/**
 * `stored` (results.json as read, or undefined) with `run`'s sections in place of its own. A file
 * written before `taken` existed was one run: its `machine` and `settings` are each of its
 * sections'. `machine` and `settings` at the top are the latest run's.
 */
export function mergeResults(stored: Stored | undefined, run: RunResults): Stored {
  const taken: Partial<Record<Scenario, Taken>> = {};
  const sections: Partial<Record<Scenario, unknown>> = {};
  if (stored) {
    const storedTaken = (stored.taken ?? {}) as Partial<Record<Scenario, Taken>>;
    for (const scenario of SCENARIOS) {
      const section = stored[SECTION_OF[scenario]];
      if (section === undefined || section === null) continue;
      sections[scenario] = section;
      taken[scenario] = storedTaken[scenario] ?? { machine: stored.machine, settings: stored.settings };
    }
  }
  for (const scenario of SCENARIOS) {
    const section = run.sections[scenario];
    if (section === undefined) continue;
    sections[scenario] = section;
    taken[scenario] = { machine: run.machine, settings: run.settings };
  }
  const present = SCENARIOS.filter((s) => sections[s] !== undefined);
  const merged: Stored = {
    machine: run.machine,
    scenarios: present,
    settings: run.settings,
    taken: Object.fromEntries(present.map((s) => [s, taken[s]])),
    notes: run.notes,
  };
  for (const scenario of present) merged[SECTION_OF[scenario]] = sections[scenario];
  return merged;
}

/** Reads `path` (absent: nothing stored), merges `run` into it and writes it back. */
export async function writeMergedResults(path: string, run: RunResults): Promise<Stored> {
  let stored: Stored | undefined;
  if (existsSync(path)) {
    try {
      stored = JSON.parse(await readFile(path, "utf8")) as Stored;
    } catch (error) {
      // Not overwritten: the sections of other runs in it would be lost.
      throw new Error(`${path} is not JSON, so this run's results were not merged into it: ${String(error)}`);
    }
  }
  const merged = mergeResults(stored, run);
  await writeFile(path, `${JSON.stringify(merged, null, 2)}\n`);
  return merged;
}
