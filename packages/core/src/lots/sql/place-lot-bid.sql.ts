import { keepBidderRankSql, lockBidderSql } from "../../bids/sql/bid-fragments";
import { defineFunction } from "../../db/sql-function";

/**
 * The whole bid on a lot, in one call (DESIGN.md section 4): locks the member's row (refusing a
 * missing or suspended member after the lock), locks the lot's row, checks every rule of the
 * shared `checkLotBid` in its order against what is locked, and either answers the refusal's code
 * with the figures its message is written from, or inserts the bid, stores the member's label on
 * their first bid, applies the soft close and moves the lead on the version it read. Each
 * statement inside a VOLATILE function takes a fresh snapshot (READ COMMITTED).
 */
export const placeLotBidFunction = defineFunction({
  name: "place_lot_bid",
  args: `p_user uuid, p_lot int, p_amount_cents numeric,
  p_credits_cents numeric, p_now timestamptz, p_soft_close_s int, p_claim_window_hours int,
  p_increment_cents numeric, p_max_cents numeric`,
  returns: `TABLE (outcome text, balance numeric, committed numeric, lot_state_then text, is_leader boolean,
    bid_id int, bid_created_at timestamptz, bidder_rank int, previous_leader uuid, extended boolean, lot auction_lots)`,
  language: "plpgsql",
  volatility: "VOLATILE",
  body: `
#variable_conflict use_column
DECLARE
  v_lot auction_lots;
  v_minimum numeric;
  v_closes timestamptz;
BEGIN
${lockBidderSql}
  SELECT * INTO v_lot FROM auction_lots l WHERE l.id = p_lot FOR UPDATE;
  IF NOT FOUND THEN outcome := 'LOT_NOT_FOUND'; RETURN NEXT; RETURN; END IF;
  committed := committed_credits(p_user, p_now, p_claim_window_hours);
  lot := v_lot;
  lot_state_then := lot_state(v_lot.is_closed, v_lot.opens_at, v_lot.paused_at, v_lot.closes_at, p_now);
  is_leader := v_lot.leader_id IS NOT DISTINCT FROM p_user;
  v_minimum := CASE WHEN v_lot.bid_count = 0 THEN GREATEST(v_lot.reserve_price * 100, 100)
    ELSE v_lot.current_bid * 100 + p_increment_cents END;
  outcome := CASE
    WHEN lot_state_then = 'closed' THEN 'LOT_CLOSED'
    WHEN lot_state_then = 'upcoming' THEN 'LOT_NOT_OPEN'
    WHEN lot_state_then = 'paused' THEN 'LOT_PAUSED'
    WHEN is_leader THEN 'ALREADY_LEADING'
    WHEN p_amount_cents IS NULL OR p_amount_cents <> trunc(p_amount_cents) OR p_amount_cents <= 0 THEN 'INVALID_BID'
    WHEN p_amount_cents > p_max_cents THEN 'INVALID_BID'
    WHEN p_amount_cents < v_minimum THEN 'INVALID_BID'
    WHEN p_credits_cents IS NULL OR p_credits_cents <> trunc(p_credits_cents) OR p_credits_cents < 0 THEN 'INVALID_CREDITS'
    WHEN p_credits_cents > p_amount_cents THEN 'INVALID_CREDITS'
    WHEN p_credits_cents > GREATEST(0, balance * 100 - committed * 100) THEN 'INSUFFICIENT_CREDITS'
    ELSE 'OK' END;
  IF outcome <> 'OK' THEN RETURN NEXT; RETURN; END IF;

  INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at)
    VALUES (p_lot, p_user, p_amount_cents / 100, p_credits_cents / 100, p_now)
    RETURNING id, created_at INTO bid_id, bid_created_at;
${keepBidderRankSql("lot_bidders", "lot_id", "p_lot")}

  v_closes := v_lot.closes_at;
  IF p_soft_close_s > 0 AND v_closes - p_now < make_interval(secs => p_soft_close_s) THEN
    v_closes := p_now + make_interval(secs => p_soft_close_s);
  END IF;
  previous_leader := v_lot.leader_id;
  extended := v_closes <> v_lot.closes_at;
  -- The lead moves on the version read under the row lock (belt and braces for the invariants).
  UPDATE auction_lots l SET current_bid = p_amount_cents / 100, leader_id = p_user,
      leader_credits_used = p_credits_cents / 100, bid_count = l.bid_count + 1, version = l.version + 1,
      closes_at = v_closes
    WHERE l.id = p_lot AND l.version = v_lot.version
      AND lot_state(l.is_closed, l.opens_at, l.paused_at, l.closes_at, p_now) = 'open'
      AND l.current_bid < p_amount_cents / 100
    RETURNING l.* INTO v_lot;
  IF NOT FOUND THEN RAISE EXCEPTION 'lot % changed under its row lock', p_lot; END IF;
  lot := v_lot;
  RETURN NEXT;
END
`,
});
