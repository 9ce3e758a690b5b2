import { keepBidderRankSql, lockBidderSql } from "../../bids/sql/bid-fragments";
import { defineFunction } from "../../db/sql-function";

/**
 * The whole bid on a lot, in one call (DESIGN.md section 4): locks the member's row (refusing a
 * missing or suspended member after the lock), locks the lot's row, checks every rule of the
 * shared `checkLotBid` in its order against what is locked, and either answers the refusal's code
 * with the figures its message is written from, or decides the bid and writes all it changes.
 *
 * A bid is a plain bid (`p_maximum` false: the member bids exactly `p_amount_cents`) or a maximum
 * (`p_maximum`: the House bids for the member up to `p_amount_cents`, the least it must). The lead
 * stands at the lower of the leader's maximum and what the best other offer needs to be beaten
 * (that offer plus one step of the ladder, `bid_increment`); between two equal maxima the earlier
 * leads, at that amount; a plain bid leads at its own amount. So a bid writes one or two rows:
 * - it beats the leader's maximum (or the leader has none): the leader's House bid at their
 *   maximum first (when it was above the price), then the member's bid, which leads;
 * - it only reaches the leader's maximum: the member's bid, then the leader's House bid above it.
 * A leader who sends a maximum sets or raises their own (never below the price): no bid row, the
 * price, the lead, the close and the version unchanged, only their credits' extra checked.
 *
 * Every bid row carries the lot's version it came with (`lot_version`), so a watcher that
 * reconnects is sent the bids after the version it last saw.
 *
 * Credits: the credits a member applies are pledged whole while they lead (`leader_credits_held`,
 * what `committed_credits` counts), so an automatic step never needs more than was checked under
 * their lock; a bid uses the lesser of the pledge and its amount (`credits_used`,
 * `leader_credits_used`), which is what the winner's checkout discounts. Soft close extends a lot
 * when its price or its leader changes, which every bid row does and a raise does not. Each
 * statement inside a VOLATILE function takes a fresh snapshot (READ COMMITTED).
 */
export const placeLotBidFunction = defineFunction({
  name: "place_lot_bid",
  args: `p_user uuid, p_lot int, p_amount_cents numeric, p_credits_cents numeric, p_maximum boolean,
  p_now timestamptz, p_soft_close_s int, p_claim_window_hours int, p_limit_cents numeric`,
  returns: `TABLE (outcome text, balance numeric, committed numeric, lot_state_then text, is_leader boolean,
    minimum numeric, pledge numeric, bid_id int, bid_created_at timestamptz, bid_amount numeric, bidder_rank int, leads boolean,
    house_bid_id int, house_amount numeric, house_rank int, previous_leader uuid, extended boolean,
    raised boolean, lot auction_lots)`,
  language: "plpgsql",
  volatility: "VOLATILE",
  body: `
#variable_conflict use_column
DECLARE
  v_lot auction_lots;
  v_current numeric;
  v_leader uuid;
  v_lead_max numeric;
  v_has_max boolean := false;
  v_price numeric;
  v_count int := 1;
  v_closes timestamptz;
BEGIN
${lockBidderSql}
  SELECT * INTO v_lot FROM auction_lots l WHERE l.id = p_lot FOR UPDATE;
  IF NOT FOUND THEN outcome := 'LOT_NOT_FOUND'; RETURN NEXT; RETURN; END IF;
  committed := committed_credits(p_user, p_now, p_claim_window_hours);
  lot := v_lot;
  lot_state_then := lot_state(v_lot.is_closed, v_lot.opens_at, v_lot.paused_at, v_lot.closes_at, p_now);
  is_leader := v_lot.leader_id IS NOT DISTINCT FROM p_user;
  v_current := v_lot.current_bid * 100;
  minimum := v_lot.minimum_bid * 100;
  -- What the member has pledged on this lot already: their lead's credits (a raise checks the extra).
  pledge := CASE WHEN is_leader THEN v_lot.leader_credits_held * 100 ELSE 0 END;
  raised := is_leader AND p_maximum;
  outcome := CASE
    WHEN lot_state_then = 'closed' THEN 'LOT_CLOSED'
    WHEN lot_state_then = 'upcoming' THEN 'LOT_NOT_OPEN'
    WHEN lot_state_then = 'paused' THEN 'LOT_PAUSED'
    WHEN is_leader AND NOT p_maximum THEN 'ALREADY_LEADING'
    WHEN p_amount_cents IS NULL OR p_amount_cents <> trunc(p_amount_cents) OR p_amount_cents <= 0 THEN 'INVALID_BID'
    WHEN p_amount_cents > p_limit_cents THEN 'INVALID_BID'
    WHEN raised AND p_amount_cents < v_current THEN 'INVALID_BID'
    WHEN NOT raised AND p_amount_cents < minimum THEN 'INVALID_BID'
    WHEN p_credits_cents IS NULL OR p_credits_cents <> trunc(p_credits_cents) OR p_credits_cents < 0 THEN 'INVALID_CREDITS'
    WHEN p_credits_cents > p_amount_cents THEN 'INVALID_CREDITS'
    WHEN p_credits_cents - pledge > GREATEST(0, balance * 100 - committed * 100) THEN 'INSUFFICIENT_CREDITS'
    ELSE 'OK' END;
  IF outcome <> 'OK' THEN RETURN NEXT; RETURN; END IF;

  IF raised THEN
    -- The leader sets or raises their own maximum: ordered for ties by the bid that leads.
    INSERT INTO lot_maxima AS m (lot_id, user_id, amount, credits, placed_bid_id, placed_at, updated_at)
      SELECT p_lot, p_user, p_amount_cents / 100, p_credits_cents / 100,
        (SELECT max(b.id) FROM bids b WHERE b.lot_id = p_lot AND b.user_id = p_user AND b.voided_at IS NULL), p_now, p_now
    ON CONFLICT (lot_id, user_id) DO UPDATE SET amount = EXCLUDED.amount, credits = EXCLUDED.credits, updated_at = p_now;
    UPDATE auction_lots l SET leader_credits_held = p_credits_cents / 100,
        leader_credits_used = LEAST(p_credits_cents, v_current) / 100
      WHERE l.id = p_lot RETURNING l.* INTO v_lot;
    SELECT b.rank INTO bidder_rank FROM lot_bidders b WHERE b.lot_id = p_lot AND b.user_id = p_user;
    leads := true; extended := false; previous_leader := p_user; lot := v_lot;
    RETURN NEXT; RETURN;
  END IF;

  v_leader := v_lot.leader_id;
  v_lead_max := v_current;
  IF v_leader IS NOT NULL THEN
    SELECT m.amount * 100 INTO v_lead_max FROM lot_maxima m WHERE m.lot_id = p_lot AND m.user_id = v_leader;
    v_has_max := FOUND AND v_lead_max > v_current;
    IF NOT v_has_max THEN v_lead_max := v_current; END IF;
    SELECT b.rank INTO house_rank FROM lot_bidders b WHERE b.lot_id = p_lot AND b.user_id = v_leader;
  END IF;
  leads := v_leader IS NULL OR p_amount_cents > v_lead_max;

  IF leads AND v_has_max THEN
    -- The leader's maximum is passed: the House bid it in full before the new lead.
    INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at, by_house, lot_version)
      VALUES (p_lot, v_leader, v_lead_max / 100, LEAST(v_lot.leader_credits_held * 100, v_lead_max) / 100, p_now, true,
        v_lot.version + 1)
      RETURNING id INTO house_bid_id;
    house_amount := v_lead_max / 100;
    v_count := 2;
  END IF;
  v_price := CASE WHEN NOT leads THEN p_amount_cents
    WHEN NOT p_maximum THEN p_amount_cents
    WHEN v_leader IS NULL THEN minimum
    ELSE GREATEST(minimum, LEAST(p_amount_cents, v_lead_max + bid_increment(v_lead_max))) END;
  INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at, by_house, lot_version)
    VALUES (p_lot, p_user, v_price / 100, LEAST(p_credits_cents, v_price) / 100, p_now, p_maximum, v_lot.version + 1)
    RETURNING id, created_at, amount INTO bid_id, bid_created_at, bid_amount;
${keepBidderRankSql("lot_bidders", "lot_id", "p_lot")}
  IF NOT leads THEN
    -- Only the leader's maximum is reached or bettered by nothing: the House answers for the leader.
    v_price := LEAST(v_lead_max, p_amount_cents + bid_increment(p_amount_cents));
    INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at, by_house, lot_version)
      VALUES (p_lot, v_leader, v_price / 100, LEAST(v_lot.leader_credits_held * 100, v_price) / 100, p_now, true,
        v_lot.version + 1)
      RETURNING id INTO house_bid_id;
    house_amount := v_price / 100;
    v_count := 2;
  END IF;
  IF p_maximum THEN
    INSERT INTO lot_maxima AS m (lot_id, user_id, amount, credits, placed_bid_id, placed_at, updated_at)
      VALUES (p_lot, p_user, p_amount_cents / 100, p_credits_cents / 100, bid_id, p_now, p_now)
    ON CONFLICT (lot_id, user_id) DO UPDATE SET amount = EXCLUDED.amount, credits = EXCLUDED.credits,
      placed_bid_id = EXCLUDED.placed_bid_id, placed_at = p_now, updated_at = p_now;
  ELSE
    DELETE FROM lot_maxima m WHERE m.lot_id = p_lot AND m.user_id = p_user;
  END IF;

  -- The price or the leader changed (every bid row does): the soft close applies.
  v_closes := v_lot.closes_at;
  IF p_soft_close_s > 0 AND v_closes - p_now < make_interval(secs => p_soft_close_s) THEN
    v_closes := p_now + make_interval(secs => p_soft_close_s);
  END IF;
  previous_leader := v_leader;
  extended := v_closes <> v_lot.closes_at;
  -- The lead moves on the version read under the row lock (belt and braces for the invariants).
  UPDATE auction_lots l SET current_bid = v_price / 100,
      leader_id = CASE WHEN leads THEN p_user ELSE l.leader_id END,
      leader_credits_held = CASE WHEN leads THEN p_credits_cents / 100 ELSE l.leader_credits_held END,
      leader_credits_used = LEAST(CASE WHEN leads THEN p_credits_cents ELSE l.leader_credits_held * 100 END, v_price) / 100,
      bid_count = l.bid_count + v_count, version = l.version + 1, closes_at = v_closes
    WHERE l.id = p_lot AND l.version = v_lot.version
      AND lot_state(l.is_closed, l.opens_at, l.paused_at, l.closes_at, p_now) = 'open'
      AND l.current_bid < v_price / 100
    RETURNING l.* INTO v_lot;
  IF NOT FOUND THEN RAISE EXCEPTION 'lot % changed under its row lock', p_lot; END IF;
  lot := v_lot;
  RETURN NEXT;
END
`,
});
