import {
  type BidHistoryEntry,
  bidderLabel,
  formatMoney,
  type LotAnswer,
  type LotUpdateEvent,
  panelBid,
  usd,
} from "@bm/shared";
import { presentBidHistory } from "../bids/bid-history";
import type { BidRepository } from "../bids/bids.repository";
import type { Clock } from "../ports/clock";
import type { Viewer } from "../users/viewer";
import type { AuctionLot } from "./lot.entity";
import { LotNotFoundError } from "./lot-errors";
import { lotMinimumBid, lotUpdateEvent, type OwnMaximum, presentLot } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

/** Reading lots: lists, one lot (counting its viewers), bid histories. */
export class LotsService {
  constructor(
    private readonly lots: LotRepository,
    private readonly lotBids: BidRepository,
    private readonly clock: Clock,
  ) {}

  async list(viewer: Viewer | null): Promise<LotAnswer[]> {
    return this.present(await this.lots.list(), viewer);
  }

  async wonBy(viewer: Viewer): Promise<LotAnswer[]> {
    return this.present(await this.lots.wonBy(viewer.id), viewer);
  }

  /** One lot by its number; the first look of each member counts as a view. */
  async viewByNumber(lotNumber: number, viewer: Viewer): Promise<LotAnswer> {
    const lot = await this.lots.findByNumber(lotNumber);
    if (!lot) throw new LotNotFoundError();
    if (await this.lots.countView(lot.id, viewer.id)) lot.viewCount += 1;
    const [answer] = await this.present([lot], viewer);
    if (!answer) throw new LotNotFoundError();
    return answer;
  }

  /**
   * What a lot's page shows first (its number, title and first picture), without counting a view:
   * the page's HTML paints it before the app has run.
   */
  /**
   * What the lot page's first screen paints (api/src/plugins/first-screen.ts): its number, title,
   * first picture and the price its bidding panel opens with, in the panel's own words.
   */
  async posterByNumber(lotNumber: number): Promise<{
    lotNumber: number;
    title: string;
    imageUrl: string | null;
    price: { label: string; amount: string };
  } | null> {
    const lot = await this.lots.findByNumber(lotNumber);
    if (!lot) return null;
    const price = panelBid({
      isClosed: lot.isClosed,
      bidCount: lot.bidCount,
      currentBid: formatMoney(lot.currentBid),
      minimumBid: lotMinimumBid(lot),
    });
    return {
      lotNumber: lot.lotNumber,
      title: lot.title,
      imageUrl: lot.imageUrls?.[0] ?? lot.imageUrl,
      price: { label: price.label, amount: usd(price.amount) },
    };
  }

  async snapshotByNumber(lotNumber: number): Promise<LotUpdateEvent | null> {
    const lot = await this.lots.findByNumber(lotNumber);
    return lot ? lotUpdateEvent(lot) : null;
  }

  async snapshots(): Promise<LotUpdateEvent[]> {
    return (await this.lots.list()).map(lotUpdateEvent);
  }

  /** Newest first; bidders are anonymous labels in order of their first bid on the lot. */
  async bids(lotId: number, viewerId: string | null, limit = 200): Promise<BidHistoryEntry[]> {
    if (!(await this.lots.exists(lotId))) throw new LotNotFoundError();
    return presentBidHistory(await this.lotBids.history(lotId, limit), viewerId);
  }

  private async present(lots: AuctionLot[], viewer: Viewer | null): Promise<LotAnswer[]> {
    const won = lots.flatMap((l) => (l.winnerId ? [{ id: l.id, winnerId: l.winnerId }] : []));
    // The viewer's own maxima, on the open lots they lead (nobody else's is ever read here).
    const led = viewer ? lots.filter((l) => l.leaderId === viewer.id && !l.isClosed).map((l) => l.id) : [];
    const [ranks, maxima] = await Promise.all([
      this.lotBids.winnerRanks(won),
      viewer ? this.lots.maximaOf(viewer.id, led) : new Map<number, OwnMaximum>(),
    ]);
    const now = this.clock.now();
    return lots.map((lot) => {
      const rank = ranks.get(lot.id);
      return presentLot(lot, viewer, now, rank ? bidderLabel(rank) : null, maxima.get(lot.id) ?? null);
    });
  }
}
