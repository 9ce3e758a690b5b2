import { keepBidderRankSql, lockBidderSql } from "../../bids/sql/bid-fragments";
import { defineFunction } from "../../db/sql-function";

/**
 * The legacy auction's bid in one call, in the shape of the lot's (`place_lot_bid`): the member's
 * row locked and checked as the lot's bid does, the auction's row locked, every rule of the shared
 * `checkAuctionBid` in its order against what is locked (the amount is paid wholly in credits, so
 * it must not exceed the member's available credits, which `committed_credits` counts the auctions
 * they lead in), then either the refusal's code with its figures, or the bid inserted, the label
 * kept and the lead moved on the version it read.
 */
export const placeAuctionBidFunction = defineFunction({
  name: "place_auction_bid",
  args: `p_user uuid, p_auction int, p_amount_cents numeric,
  p_now timestamptz, p_claim_window_hours int`,
  returns: `TABLE (outcome text, balance numeric, committed numeric, status_then text, is_leader boolean,
    bid_id int, bid_created_at timestamptz, bidder_rank int, previous_leader uuid, auction auctions)`,
  language: "plpgsql",
  volatility: "VOLATILE",
  body: `
#variable_conflict use_column
DECLARE
  v_auction auctions;
  v_floor numeric;
BEGIN
${lockBidderSql}
  SELECT * INTO v_auction FROM auctions a WHERE a.id = p_auction FOR UPDATE;
  IF NOT FOUND OR NOT v_auction.is_active THEN outcome := 'AUCTION_NOT_FOUND'; RETURN NEXT; RETURN; END IF;
  committed := committed_credits(p_user, p_now, p_claim_window_hours);
  auction := v_auction;
  status_then := auction_status(v_auction.winner_id, v_auction.start_time, v_auction.end_time, p_now);
  is_leader := v_auction.leader_id IS NOT DISTINCT FROM p_user;
  v_floor := CASE WHEN v_auction.bid_count = 0 THEN v_auction.starting_bid ELSE v_auction.current_bid END * 100;
  outcome := CASE
    WHEN status_then <> 'ACTIVE' THEN 'AUCTION_ENDED'
    WHEN is_leader THEN 'ALREADY_LEADING'
    WHEN p_amount_cents IS NULL OR p_amount_cents <> trunc(p_amount_cents) OR p_amount_cents <= v_floor THEN 'INVALID_BID'
    WHEN p_amount_cents > GREATEST(0, balance * 100 - committed * 100) THEN 'INSUFFICIENT_BIDDING_POWER'
    ELSE 'OK' END;
  IF outcome <> 'OK' THEN RETURN NEXT; RETURN; END IF;

  INSERT INTO auction_bids (auction_id, user_id, amount, created_at)
    VALUES (p_auction, p_user, p_amount_cents / 100, p_now)
    RETURNING id, created_at INTO bid_id, bid_created_at;
${keepBidderRankSql("auction_bidders", "auction_id", "p_auction")}

  previous_leader := v_auction.leader_id;
  -- The lead moves on the version read under the row lock, only where the rules still hold.
  UPDATE auctions a SET current_bid = p_amount_cents / 100, leader_id = p_user,
      bid_count = a.bid_count + 1, version = a.version + 1
    WHERE a.id = p_auction AND a.version = v_auction.version
      AND auction_status(a.winner_id, a.start_time, a.end_time, p_now) = 'ACTIVE'
      AND a.leader_id IS DISTINCT FROM p_user
      AND CASE WHEN a.bid_count = 0 THEN a.starting_bid ELSE a.current_bid END < p_amount_cents / 100
    RETURNING a.* INTO v_auction;
  IF NOT FOUND THEN RAISE EXCEPTION 'auction % changed under its row lock', p_auction; END IF;
  auction := v_auction;
  RETURN NEXT;
END
`,
});
