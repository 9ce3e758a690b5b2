import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The bid decided in one round trip (DESIGN.md section 4): the rules the database applies live
 * here once, as functions every statement calls, rather than as SQL text assembled per query.
 * - lot_state: where a lot stands at an instant (the SQL twin of the shared lotStateAt);
 * - member_suspended: whether a suspension is in force for a member at an instant;
 * - committed_credits: the credits a member has committed at an instant, summed over every
 *   feature that holds some (lots led or won and unclaimed, auctions led or won and unpaid within
 *   the claim window, catalogue checkouts held);
 * - place_lot_bid: the whole bid transaction: locks the member's row (refusing a suspended
 *   member after the lock, so a bid racing a suspension either commits first or reads it), locks
 *   the lot's row, checks every rule of checkLotBid in its order against what is locked, and
 *   either answers the refusal's code with the figures its message is written from, or inserts
 *   the bid, stores the member's label on their first bid, applies the soft close and moves the
 *   lead on the version it read. Each statement inside a VOLATILE function takes a fresh snapshot
 *   (READ COMMITTED), as the statements of the transaction it replaces did.
 */
export class BidInOneCall1795800000000 implements MigrationInterface {
  name = "BidInOneCall1795800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION lot_state(p_is_closed boolean, p_opens_at timestamptz,
  p_paused_at timestamptz, p_closes_at timestamptz, p_now timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_is_closed THEN 'closed' WHEN p_now < p_opens_at THEN 'upcoming'
    WHEN p_paused_at IS NOT NULL THEN 'paused' WHEN p_now >= p_closes_at THEN 'closed' ELSE 'open' END
$$`);
    await queryRunner.query(`CREATE FUNCTION member_suspended(p_user uuid, p_now timestamptz) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM suspensions s WHERE s.user_id = p_user
    AND s.lifted_at IS NULL AND (s.until IS NULL OR s.until > p_now))
$$`);
    await queryRunner.query(`CREATE FUNCTION committed_credits(p_user uuid, p_now timestamptz, p_claim_window_hours int)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT (SELECT COALESCE(SUM(leader_credits_used), 0) FROM auction_lots WHERE leader_id = p_user AND NOT is_closed)
    + (SELECT COALESCE(SUM(winner_credits_used), 0) FROM auction_lots
       WHERE winner_id = p_user AND is_closed AND claim_status = 'pending')
    + (SELECT COALESCE(SUM(current_bid), 0) FROM auctions WHERE leader_id = p_user AND winner_id IS NULL)
    + (SELECT COALESCE(SUM(current_bid), 0) FROM auctions
       WHERE winner_id = p_user AND NOT mpc_debited AND end_time > p_now - make_interval(hours => p_claim_window_hours))
    + (SELECT COALESCE(SUM(credits_spent), 0) FROM credit_purchases WHERE user_id = p_user AND status = 'held')
$$`);
    await queryRunner.query(`CREATE FUNCTION place_lot_bid(p_user uuid, p_lot int, p_amount_cents numeric,
  p_credits_cents numeric, p_now timestamptz, p_soft_close_s int, p_claim_window_hours int,
  p_increment_cents numeric, p_max_cents numeric)
  RETURNS TABLE (outcome text, balance numeric, committed numeric, lot_state_then text, is_leader boolean,
    bid_id int, bid_created_at timestamptz, bidder_rank int, previous_leader uuid, extended boolean, lot auction_lots)
  LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_lot auction_lots;
  v_minimum numeric;
  v_closes timestamptz;
BEGIN
  SELECT u.mpc_balance INTO balance FROM users u WHERE u.id = p_user FOR UPDATE;
  IF NOT FOUND THEN outcome := 'UNAUTHORIZED'; RETURN NEXT; RETURN; END IF;
  IF member_suspended(p_user, p_now) THEN outcome := 'ACCOUNT_SUSPENDED'; RETURN NEXT; RETURN; END IF;
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
  -- Under the lot's row lock, so ranks never collide; a member keeps the label of their first bid.
  INSERT INTO lot_bidders (lot_id, user_id, rank)
    SELECT p_lot, p_user, COALESCE(MAX(b.rank), 0) + 1 FROM lot_bidders b WHERE b.lot_id = p_lot
    ON CONFLICT DO NOTHING;
  SELECT b.rank INTO bidder_rank FROM lot_bidders b WHERE b.lot_id = p_lot AND b.user_id = p_user;

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
$$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "DROP FUNCTION place_lot_bid(uuid, int, numeric, numeric, timestamptz, int, int, numeric, numeric)",
    );
    await queryRunner.query("DROP FUNCTION committed_credits(uuid, timestamptz, int)");
    await queryRunner.query("DROP FUNCTION member_suspended(uuid, timestamptz)");
    await queryRunner.query("DROP FUNCTION lot_state(boolean, timestamptz, timestamptz, timestamptz, timestamptz)");
  }
}
