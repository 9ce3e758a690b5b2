import { formatMoney, LOT_CLOSES_HOUR_NY, newYorkDate, newYorkTime } from "@bm/shared";
import type { ConsoleBanner, ConsoleLot, ConsoleSnapshot } from "@bm/shared/admin";
import type { AuctionLot } from "../lots/lot.entity";
import { lotStatusAt } from "../lots/lot-presenter";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { PresencePort } from "../ports/presence";
import type { ConsoleRepository } from "./console.repository";

const MINUTE = 60_000;
/** The bids-per-minute window: the current minute and the nine before it. */
export const CONSOLE_MINUTES = 10;

/**
 * Whether the lot's close was moved past the one it was given. STAND-IN until the lot stores its
 * original close (the lead's lot-state refactor replaces this function): the seed gives every lot
 * of the real event New York 20:00 of its opening day, so a later close was moved; the demo places
 * its lots around today at other instants, where the first close is not knowable, so false.
 */
export function isExtended(lot: Pick<AuctionLot, "opensAt" | "closesAt">, demo: boolean): boolean {
  if (demo) return false;
  const seeded = newYorkTime(newYorkDate(lot.opensAt), LOT_CLOSES_HOUR_NY);
  return lot.closesAt.getTime() > seeded.getTime();
}

/**
 * Whether the lot is paused. STAND-IN until lots carry `paused_at` (the lead's refactor replaces
 * this function with `lot.pausedAt !== null`, or the lot state 'paused').
 */
export function isPaused(_lot: AuctionLot): boolean {
  return false;
}

export interface ConsoleDeps {
  rows: ConsoleRepository;
  clock: Clock;
  presence: PresencePort;
  jobs: JobsPort;
  demo: boolean;
  /** The hall's banner and whether the hall is paused; nothing until the broadcast and pause exist. */
  hall?: () => Promise<{ banner: ConsoleBanner | null; paused: boolean }>;
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
      this.d.hall?.() ?? Promise.resolve({ banner: null, paused: false }),
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
      banner: hall.banner,
      hallPaused: hall.paused,
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
      extended: isExtended(lot, this.d.demo),
      paused: isPaused(lot),
      hasWinner: lot.winnerId !== null,
      claimStatus: lot.claimStatus,
      claimDeadline: lot.claimDeadline ? lot.claimDeadline.toISOString() : null,
    };
  }
}
