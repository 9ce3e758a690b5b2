import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeResults, writeMergedResults } from "./results";

// A file as run.ts wrote it before sections were merged: one run, its machine and settings at the top.
const FULL_RUN = {
  machine: { date: "2026-11-27T20:17:44.476Z", cpus: 2 },
  scenarios: ["bids", "fanout", "closes", "first-visit", "lighthouse"],
  settings: { members: 200 },
  notes: ["old notes"],
  bids: [{ scenario: "one bid at a time (old)" }],
  fanout: [{ sockets: 1000 }],
  closes: { lots: 30 },
  firstVisit: { page: "/lots/1", medianMs: 308, budgetMs: 1000 },
  lighthouse: [{ page: "/" }],
};
const BIDS_RUN = {
  machine: { date: "2026-11-28T09:00:00.000Z", cpus: 2 },
  settings: { members: 200, pgbenchMode: "prepared" },
  notes: ["new notes"],
  sections: { bids: [{ scenario: "one bid at a time (new)" }], fanout: undefined, lighthouse: undefined },
};

describe("bench/results.json across runs", () => {
  it("replaces the sections a partial run measured and keeps every other one, with the run that took it", () => {
    const merged = mergeResults(FULL_RUN, BIDS_RUN);
    expect(merged.bids).toEqual([{ scenario: "one bid at a time (new)" }]);
    for (const key of ["fanout", "closes", "firstVisit", "lighthouse"] as const)
      expect(merged[key]).toEqual(FULL_RUN[key]);
    expect(merged.reconnect).toBeUndefined();
    expect(merged.scenarios).toEqual(["bids", "fanout", "closes", "first-visit", "lighthouse"]);
    expect(merged.taken).toEqual({
      bids: { machine: BIDS_RUN.machine, settings: BIDS_RUN.settings },
      fanout: { machine: FULL_RUN.machine, settings: FULL_RUN.settings },
      closes: { machine: FULL_RUN.machine, settings: FULL_RUN.settings },
      "first-visit": { machine: FULL_RUN.machine, settings: FULL_RUN.settings },
      lighthouse: { machine: FULL_RUN.machine, settings: FULL_RUN.settings },
    });
    expect([merged.machine, merged.settings, merged.notes]).toEqual([
      BIDS_RUN.machine,
      BIDS_RUN.settings,
      BIDS_RUN.notes,
    ]);
  });

  it("keeps each section's own run through later partial runs", () => {
    const afterBids = mergeResults(FULL_RUN, BIDS_RUN);
    const reconnectRun = {
      machine: { date: "2026-11-28T10:00:00.000Z" },
      settings: { reconnectSockets: 5000 },
      notes: [],
      sections: { reconnect: [{ mode: "anchor" }] },
    };
    const merged = mergeResults(afterBids, reconnectRun);
    expect(merged.scenarios).toEqual(["bids", "fanout", "reconnect", "closes", "first-visit", "lighthouse"]);
    expect(merged.bids).toEqual(afterBids.bids);
    expect((merged.taken as Record<string, unknown>).bids).toEqual({
      machine: BIDS_RUN.machine,
      settings: BIDS_RUN.settings,
    });
    expect((merged.taken as Record<string, unknown>).reconnect).toEqual({
      machine: reconnectRun.machine,
      settings: reconnectRun.settings,
    });
  });

  it("writes a first file, merges into it, and leaves a file it cannot read as it was", async () => {
    const dir = await mkdtemp(join(tmpdir(), "bm-results-"));
    try {
      const path = join(dir, "results.json");
      await writeMergedResults(path, BIDS_RUN);
      await writeMergedResults(path, { ...BIDS_RUN, sections: { closes: { lots: 30 } } });
      const written = JSON.parse(await readFile(path, "utf8"));
      expect(written.scenarios).toEqual(["bids", "closes"]);
      await writeFile(path, "{ not json");
      await expect(writeMergedResults(path, BIDS_RUN)).rejects.toThrow(/not JSON/);
      expect(await readFile(path, "utf8")).toBe("{ not json");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
