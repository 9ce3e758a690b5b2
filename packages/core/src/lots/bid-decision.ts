import type { BidErrorCode, LotState } from "@bm/shared";
import type { AuctionLot } from "./lot.entity";

/** A row of `place_lot_bid`: its outcome and, as it applies, the figures and the lot after it. */
export interface DecisionRow extends Record<string, unknown> {
  outcome: string;
  r_balance: string | null;
  r_committed: string | null;
  lot_state_then: LotState | null;
  r_is_leader: boolean | null;
  r_minimum: string | null;
  r_pledge: string | null;
  bid_id: number | null;
  bid_created_at: Date | null;
  r_bid_amount: string | null;
  bidder_rank: number | null;
  leads: boolean | null;
  house_bid_id: number | null;
  house_amount: string | null;
  house_rank: number | null;
  previous_leader: string | null;
  extended: boolean | null;
  raised: boolean | null;
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
      /** The least the bid could be, and the credits the member had pledged on the lead (cents, as text). */
      minimum: string;
      pledged: string;
      lot: AuctionLot;
    }
  | {
      outcome: "OK";
      balance: string;
      committed: string;
      lot: AuctionLot;
      /** The member's bid (null when the leader only set or raised their maximum). */
      bid: { id: number; createdAt: Date; amount: string } | null;
      bidderRank: number;
      /** Whether the member leads after it (a bid that only reached the leader's maximum does not). */
      leads: boolean;
      /** The bid the House placed for the leader's maximum beside it, if any, with the leader's label rank. */
      house: { id: number; amount: string; userId: string; rank: number } | null;
      previousLeader: string | null;
      extended: boolean;
      raised: boolean;
    };

/** The decision a row of `place_lot_bid(s)` answers, with the lot of its columns (null when there is none). */
export function decisionOf(row: DecisionRow, lot: AuctionLot | null): BidDecision {
  if (row.outcome !== "OK") {
    const figures = { balance: row.r_balance, committed: row.r_committed, state: row.lot_state_then };
    const limits = { minimum: row.r_minimum, pledged: row.r_pledge };
    return { outcome: row.outcome, ...figures, ...limits, isLeader: row.r_is_leader === true, lot } as BidDecision;
  }
  const after = lot as AuctionLot;
  // The House's bid is the leader's: the member outbid them (it came first) or they still lead.
  const houseUser = row.leads ? row.previous_leader : after.leaderId;
  return {
    outcome: "OK",
    balance: row.r_balance as string,
    committed: row.r_committed as string,
    lot: after,
    bid:
      row.bid_id === null
        ? null
        : {
            id: row.bid_id,
            createdAt: new Date(row.bid_created_at as Date),
            amount: row.r_bid_amount as string,
          },
    bidderRank: row.bidder_rank as number,
    leads: row.leads === true,
    house:
      row.house_bid_id === null || houseUser === null
        ? null
        : {
            id: row.house_bid_id,
            amount: row.house_amount as string,
            userId: houseUser,
            rank: row.house_rank as number,
          },
    previousLeader: row.previous_leader,
    extended: row.extended === true,
    raised: row.raised === true,
  };
}
