import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { allSettled, lotRows } from "./support/closing";
import {
  type ApiNode,
  eventually,
  type Member,
  type SharedServices,
  signInMembers,
  sleep,
  startApiNode,
  startSharedServices,
} from "./support/cluster";
import { type MemberSocket, openSocket, type Received, recordEvents, watchAllLots } from "./support/sockets";
import { spawnWorkers, type WorkersProcess } from "./support/workers-process";

/**
 * The workers' close watch (issue 18): it closes a lot at its deadline without its close job and,
 * at start-up, before the process says it started, every lot that fell due while no worker ran;
 * a paused lot is closed by nothing (its job, the sweep, the watch).
 */
describe("the close watch with the real workers process", () => {
  let services: SharedServices;
  let node: ApiNode;
  let members: Member[];
  let workers: WorkersProcess | undefined;
  let socket: MemberSocket;
  let hall: Received[];
  let pausedLot: { id: number; version: number } | undefined;
  const db = () => node.runtime.db.dataSource;
  // Below the ephemeral range, where an outgoing connection could hold it.
  const METRICS_PORT = 24_000 + Math.floor(Math.random() * 4000);

  async function startWorkers(): Promise<WorkersProcess> {
    const started = spawnWorkers(
      services.env({
        SOFT_CLOSE_SECONDS: "0",
        LOG_LEVEL: "warn",
        METRICS_PORT: String(METRICS_PORT),
        HOST: "127.0.0.1",
      }),
    );
    await started.ready;
    return started;
  }
  const closeJobRuns = async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
    return Number(/job_runs_total\{job="lot:close",outcome="ok"\} (\d+)/.exec(metrics)?.[1] ?? 0);
  };
  const closedEvents = (lotId: number) => hall.filter((r) => r.event === "lot:closed" && r.payload.lotId === lotId);

  beforeAll(async () => {
    services = await startSharedServices("close-watch");
    node = await startApiNode(services, { SOFT_CLOSE_SECONDS: "0" });
    members = await signInMembers(node, 2, "close-watch");
    for (const m of members) await grant(node.runtime, m.id, 500_00);
    socket = await openSocket(node.baseUrl, members[0]!.client.cookie);
    hall = recordEvents(socket);
    await watchAllLots(socket);
  });

  afterAll(async () => {
    if (workers) await workers.kill("SIGKILL");
    socket?.close();
    await node?.close();
    await services?.close();
  });

  it("closes a lot without its close job, and never a paused lot: not its close job, the sweep nor the watch", async () => {
    workers = await startWorkers();
    const [a, b] = members as [Member, Member];
    const paused = await createLot(node.runtime, { reserve: "1.00" });
    await node.runtime.bidding.placeBid(a.id, paused.id, 10_00, 0);
    await node.runtime.house.pauseLot({ id: b.id, email: b.email, address: null }, paused.id);
    // Due in a moment while paused, its close job scheduled for then; a lot due just after it has no job.
    const due = Date.now() + 1500;
    await db().query(`UPDATE auction_lots SET closes_at = $2 WHERE id = $1`, [paused.id, new Date(due)]);
    await node.runtime.closing.scheduleClose({ id: paused.id, closesAt: new Date(due) });
    const plain = await createLot(node.runtime, { reserve: "1.00", closesAt: new Date(due + 300) });
    await node.runtime.bidding.placeBid(b.id, plain.id, 12_00, 0);

    // Only the watch or the sweep can close this one; the paused lot's close job runs too.
    await eventually(async () => (await lotRows(db(), [plain.id]))[0]!.is_closed, 15_000, "the lot without a job");
    await eventually(async () => (await closeJobRuns()) >= 1, 15_000, "the paused lot's close job");
    // And the sweep and the close job's own call, here, once more.
    await node.runtime.closing.sweep();
    expect(await node.runtime.closing.closeLot(paused.id)).toBe(false);
    expect(await node.runtime.closing.closeDue()).toBe(0);

    const [row] = await lotRows(db(), [paused.id]);
    expect(row).toMatchObject({ is_closed: false, closed_at: null, winner_id: null });
    expect(row!.version).toBe(2); // the bid and the pause
    expect(closedEvents(paused.id)).toEqual([]);
    const [closed] = await lotRows(db(), [plain.id]);
    expect(closed).toMatchObject({ is_closed: true, winner_id: b.id });
    expect(new Date(closed!.closed_at!).getTime()).toBeGreaterThanOrEqual(due + 300);
    pausedLot = { id: paused.id, version: row!.version };
  }, 45_000);

  it("closes what fell due while no worker ran in its first pass at start-up, earliest first, once each", async () => {
    await workers?.kill("SIGKILL");
    workers = undefined;
    // Twelve lots (more than one closing transaction takes) due at staggered past instants, no
    // close job for any of them: only the start-up pass can close them before the process is up.
    const start = Date.now() - 12_000;
    const lots: { id: number; bids: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const lot = await createLot(node.runtime, { reserve: "1.00", closesAt: new Date(Date.now() + 60_000) });
      const bids = i % 3 === 0 ? 0 : 1;
      if (bids) await node.runtime.bidding.placeBid(members[i % 2]!.id, lot.id, 10_00 + i * 100, 0);
      await db().query(`UPDATE auction_lots SET closes_at = $2 WHERE id = $1`, [lot.id, new Date(start + i * 700)]);
      lots.push({ id: lot.id, bids });
    }
    const ids = lots.map((l) => l.id);
    expect((await lotRows(db(), ids)).every((r) => !r.is_closed)).toBe(true);

    workers = await startWorkers();
    // Closed before the process said it started: by its first pass, not by a later sweep or job.
    const atStart = await lotRows(db(), ids);
    expect(atStart.filter((r) => !r.is_closed).map((r) => r.id)).toEqual([]);
    expect(await closeJobRuns()).toBe(0);
    // Earliest deadline first: the close instants never go back in the deadlines' order.
    const byDeadline = [...atStart].sort((x, y) => x.closes_at.getTime() - y.closes_at.getTime());
    const closedAt = byDeadline.map((r) => new Date(r.closed_at!).getTime());
    expect(closedAt).toEqual([...closedAt].sort((x, y) => x - y));

    await eventually(() => allSettled(db(), ids), 20_000, "the claims prepared");
    // Late duplicates would arrive within a moment; give them one.
    await sleep(500);
    const rows = await lotRows(db(), ids);
    const won = await db().query(
      `SELECT lot_id FROM lot_notifications WHERE lot_id = ANY($1) AND notification_type = 'won'`,
      [ids],
    );
    for (const lot of lots) {
      const row = rows.find((r) => r.id === lot.id)!;
      // Closed once (+1), and a winner's cart link stored once (+1), on top of the bids.
      expect({ id: lot.id, version: row.version }).toEqual({ id: lot.id, version: lot.bids + (lot.bids ? 2 : 1) });
      expect(won.filter((w: { lot_id: number }) => w.lot_id === lot.id)).toHaveLength(lot.bids);
      expect({ id: lot.id, events: closedEvents(lot.id).length }).toEqual({ id: lot.id, events: 1 });
    }
    // The paused lot, long due, is still open.
    expect(pausedLot).toBeDefined();
    const [paused] = await lotRows(db(), [pausedLot!.id]);
    expect(paused).toMatchObject({ is_closed: false, version: pausedLot!.version });
  }, 60_000);
});
