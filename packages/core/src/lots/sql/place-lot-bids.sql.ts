import { bidBatchBody, bidBatchReturns } from "../../bids/sql/bid-fragments";
import { defineFunction } from "../../db/sql-function";
import { placeLotBidFunction } from "./place-lot-bid.sql";

/**
 * Bids on lots decided several in one call (group commit): the bids a node queued, each on its lot
 * (`p_lots[i]`, one lot or many), in the order they arrived, each through `place_lot_bid`,
 * exactly as if sent one by one, all committed together. The lots' rows are locked after the
 * members', in the order of their ids. `LotRepository.placeBids` is its one caller.
 */
export const placeLotBidsFunction = defineFunction({
  name: "place_lot_bids",
  args: `p_lots int[], p_users uuid[], p_amounts_cents numeric[], p_credits_cents numeric[], p_maxima boolean[],
  p_now timestamptz, p_soft_close_s int, p_claim_window_hours int, p_limit_cents numeric`,
  returns: bidBatchReturns(placeLotBidFunction.returns),
  language: "plpgsql",
  volatility: "VOLATILE",
  body: bidBatchBody(
    `place_lot_bid(p_users[i], p_lots[i], p_amounts_cents[i], p_credits_cents[i], p_maxima[i],
      p_now, p_soft_close_s, p_claim_window_hours, p_limit_cents)`,
    "PERFORM 1 FROM auction_lots l WHERE l.id = ANY (p_lots) ORDER BY l.id FOR UPDATE;",
  ),
});
