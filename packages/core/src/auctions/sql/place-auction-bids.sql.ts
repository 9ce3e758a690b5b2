import { bidBatchBody, bidBatchReturns } from "../../bids/sql/bid-fragments";
import { defineFunction } from "../../db/sql-function";
import { placeAuctionBidFunction } from "./place-auction-bid.sql";

/** The bids a node queued for a legacy auction, decided in one call as `place_lot_bids` does for a lot. */
export const placeAuctionBidsFunction = defineFunction({
  name: "place_auction_bids",
  args: `p_auction int, p_users uuid[], p_amounts_cents numeric[],
  p_now timestamptz, p_claim_window_hours int`,
  returns: bidBatchReturns(placeAuctionBidFunction.returns),
  language: "plpgsql",
  volatility: "VOLATILE",
  body: bidBatchBody(`place_auction_bid(p_users[i], p_auction, p_amounts_cents[i],
      p_now, p_claim_window_hours)`),
});
