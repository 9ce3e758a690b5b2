import type { BidErrorCode, LotState } from "@bm/shared";
import type { AuctionLot } from "./lot.entity";

/** A row of `place_lot_bid`: its outcome and, as it applies, the figures and the lot after it. */
export interface DecisionRow extends Record<string, unknown> {
  outcome: string;
  r_balance: string | null;
  r_committed: string | null;
  lot_state_then: LotState | null;
  r_is_leader: boolean | null;
  bid_id: number | null;
  bid_created_at: Date | null;
  bidder_rank: number | null;
  previous_leader: string | null;
  extended: boolean | null;
  id: number | null;
}

/** What `place_lot_bid` decided; the figures (dollars, as text) are those read under the locks. */
export type BidDecision =
  | {
      outcome: "UNAUTHORIZED" | "ACCOUNT_SUSPENDED" | "LOT_NOT_FOUND";
      balance: string | null;
      committed: null;
      lot: null;
    }
  | {
      outcome: BidErrorCode;
      balance: string;
      committed: string;
      /** The lot's state and whether the member led it, as the function judged them under its locks. */
      state: LotState;
      isLeader: boolean;
      lot: AuctionLot;
    }
  | {
      outcome: "OK";
      balance: string;
      committed: string;
      lot: AuctionLot;
      bid: { id: number; createdAt: Date };
      bidderRank: number;
      previousLeader: string | null;
      extended: boolean;
    };

/** The decision a row of `place_lot_bid(s)` answers, with the lot of its columns (null when there is none). */
export function decisionOf(row: DecisionRow, lot: AuctionLot | null): BidDecision {
  if (row.outcome !== "OK") {
    const figures = { balance: row.r_balance, committed: row.r_committed, state: row.lot_state_then };
    return { outcome: row.outcome, ...figures, isLeader: row.r_is_leader === true, lot } as BidDecision;
  }
  return {
    outcome: "OK",
    balance: row.r_balance as string,
    committed: row.r_committed as string,
    lot: lot as AuctionLot,
    bid: { id: row.bid_id as number, createdAt: new Date(row.bid_created_at as Date) },
    bidderRank: row.bidder_rank as number,
    previousLeader: row.previous_leader,
    extended: row.extended === true,
  };
}
