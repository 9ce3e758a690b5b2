import { formatMoney } from "@bm/shared";
import type { ConsoleLot, ConsoleSnapshot } from "@bm/shared/admin";
import type { HallState } from "../lots/hall-state.entity";
import type { AuctionLot } from "../lots/lot.entity";
import { isExtended, lotStatusAt } from "../lots/lot-presenter";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { PresencePort } from "../ports/presence";
import type { ConsoleRepository } from "./console.repository";

const MINUTE = 60_000;
/** The bids-per-minute window: the current minute and the nine before it. */
export const CONSOLE_MINUTES = 10;

export interface ConsoleDeps {
  rows: ConsoleRepository;
  clock: Clock;
  presence: PresencePort;
  jobs: JobsPort;
  /** The hall's state row: its pause and banner. */
  hall: () => Promise<HallState>;
}

/**
 * The live auction console's snapshot (issue 17, deliverable 4): every lot with its state,
 * price, bids and watchers; bids per minute; each API node's sockets; the jobs. Read only; the
 * gateway pushes it every few seconds to the admins watching, GET /api/admin/console answers it.
 */
export class ConsoleService {
  constructor(private readonly d: ConsoleDeps) {}

  async snapshot(): Promise<ConsoleSnapshot> {
    const now = this.d.clock.now();
    const currentMinute = Math.floor(now.getTime() / MINUTE) * MINUTE;
    const since = new Date(currentMinute - (CONSOLE_MINUTES - 1) * MINUTE);
    const [lots, perMinute, nodes, jobs, hall] = await Promise.all([
      this.d.rows.lots(),
      this.d.rows.bidsPerMinute(since, new Date(currentMinute + MINUTE)),
      this.d.presence.nodes(),
      this.d.jobs.counts(),
      this.d.hall(),
    ]);
    const watchers = await this.d.presence.watcherCounts(lots.map((l) => l.id));
    return {
      serverTime: now.toISOString(),
      lots: lots.map((lot) => this.row(lot, now, watchers.get(lot.id) ?? 0)),
      bidsPerMinute: Array.from({ length: CONSOLE_MINUTES }, (_, i) => {
        const minute = since.getTime() + i * MINUTE;
        return { minute: new Date(minute).toISOString(), bids: perMinute.get(minute) ?? 0 };
      }),
      nodes: nodes.map((n) => ({ nodeId: n.nodeId, sockets: n.sockets, at: n.at.toISOString() })),
      jobs: { kind: this.d.jobs.kind, ...jobs },
      banner: hall.banner && hall.bannerAt ? { message: hall.banner, at: hall.bannerAt.toISOString() } : null,
      hallPaused: hall.pausedAt !== null,
    };
  }

  private row(lot: AuctionLot, now: Date, watchers: number): ConsoleLot {
    return {
      id: lot.id,
      lotNumber: lot.lotNumber,
      title: lot.title,
      day: lot.day,
      status: lotStatusAt(lot, now),
      currentBid: formatMoney(lot.currentBid),
      bidCount: lot.bidCount,
      watchers,
      opensAt: lot.opensAt.toISOString(),
      closesAt: lot.closesAt.toISOString(),
      extended: isExtended(lot),
      paused: lot.pausedAt !== null,
      hasWinner: lot.winnerId !== null,
      claimStatus: lot.claimStatus,
      claimDeadline: lot.claimDeadline ? lot.claimDeadline.toISOString() : null,
    };
  }
}
