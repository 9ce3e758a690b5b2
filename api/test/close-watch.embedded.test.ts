import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { startTestApp, type TestApp } from "./helpers";
import { lotRows } from "./support/closing";
import { type Member, signInMembers } from "./support/cluster";

/**
 * The close watch on the embedded runtime (PGlite, one backend): its first pass closes every due
 * lot in batches, earliest first, once each, and leaves a paused lot open, as do the sweep and a
 * close job's call.
 */
describe("the close watch, embedded", () => {
  let t: TestApp;
  let members: Member[];
  const db = () => t.runtime.db.dataSource;

  beforeAll(async () => {
    t = await startTestApp("embedded", { SOFT_CLOSE_SECONDS: "0" });
    members = await signInMembers(t, 2, "close-watch-embedded");
    for (const m of members) await grant(t.runtime, m.id, 500_00);
  });
  afterAll(async () => {
    await t?.runtime.closeWatch.stopWatching();
    await t?.close();
  });

  it("closes what is due in its first pass, earliest first and once each, and never a paused lot", async () => {
    const [a, b] = members as [Member, Member];
    const now = t.clock.now().getTime();
    const paused = await createLot(t.runtime, { reserve: "1.00" });
    await t.runtime.bidding.placeBid(a.id, paused.id, 10_00, 0);
    await t.runtime.house.pauseLot({ id: b.id, email: b.email, address: null }, paused.id);
    await db().query(`UPDATE auction_lots SET closes_at = $2 WHERE id = $1`, [paused.id, new Date(now - 30_000)]);

    // Twelve due lots (more than one closing transaction takes), deadlines in a shuffled order.
    const lots: { id: number; bids: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const lot = await createLot(t.runtime, { reserve: "1.00" });
      const bids = i % 3 === 0 ? 0 : 1;
      if (bids) await t.runtime.bidding.placeBid(members[i % 2]!.id, lot.id, 10_00 + i * 100, 0);
      const closesAt = new Date(now - 20_000 + ((i * 7) % 12) * 1000);
      await db().query(`UPDATE auction_lots SET closes_at = $2 WHERE id = $1`, [lot.id, closesAt]);
      lots.push({ id: lot.id, bids });
    }
    const ids = lots.map((l) => l.id);

    await t.runtime.closeWatch.watch();
    const rows = await lotRows(db(), ids);
    expect(rows.filter((r) => !r.is_closed).map((r) => r.id)).toEqual([]);
    const byDeadline = [...rows].sort((x, y) => x.closes_at.getTime() - y.closes_at.getTime());
    const closedAt = byDeadline.map((r) => new Date(r.closed_at!).getTime());
    expect(closedAt).toEqual([...closedAt].sort((x, y) => x - y));
    const won: { lot_id: number }[] = await db().query(
      `SELECT lot_id FROM lot_notifications WHERE lot_id = ANY($1) AND notification_type = 'won'`,
      [ids],
    );
    for (const lot of lots) {
      const row = rows.find((r) => r.id === lot.id)!;
      expect({ id: lot.id, version: row.version }).toEqual({ id: lot.id, version: lot.bids + 1 });
      expect(row.winner_id).toBe(lot.bids ? members[lots.indexOf(lot) % 2]!.id : null);
      expect(won.filter((w) => w.lot_id === lot.id)).toHaveLength(lot.bids);
    }

    // The paused lot, long due: not the watch, the sweep, nor its close job's call.
    expect((await t.runtime.closing.sweep()).closed).toBe(0);
    expect(await t.runtime.closing.closeLot(paused.id)).toBe(false);
    const [row] = await lotRows(db(), [paused.id]);
    expect(row).toMatchObject({ is_closed: false, closed_at: null, winner_id: null, version: 2 });
  });
});
