import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The legacy auction's bid decided in one round trip, in the shape of the lot's (1795800000000):
 * - auction_bidders: each member's label on an auction, the rank of their first bid, stored at
 *   that bid (as lot_bidders are), filled here from the bids so far;
 * - auction_status: where an auction stands at an instant (the SQL twin of the server's status,
 *   a winner making it SOLD);
 * - place_auction_bid: locks the member's row (refusing a suspended member after the lock), locks
 *   the auction's row, checks every rule of checkAuctionBid in its order against what is locked
 *   (the amount is paid wholly in credits, so it must not exceed the member's available credits,
 *   which committed_credits counts the auctions they lead in), and either answers the refusal's
 *   code with the figures its message is written from, or inserts the bid, stores the member's
 *   label on their first bid and moves the lead on the version it read;
 * - place_auction_bids: the bids a node queued for an auction, decided in one call and committed
 *   together, as place_lot_bids does for a lot: the members' rows locked first in id order, then
 *   place_auction_bid for each in arrival order, each answering its own row (its position `n`).
 */
export class AuctionBidInOneCall1795900000000 implements MigrationInterface {
  name = "AuctionBidInOneCall1795900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"auction_bidders\" (\"auction_id\" integer NOT NULL, \"user_id\" uuid NOT NULL, \"rank\" integer NOT NULL, CONSTRAINT \"uq_auction_bidders_rank\" UNIQUE (\"auction_id\", \"rank\"), CONSTRAINT \"ck_auction_bidders_rank\" CHECK (\"rank\" > 0), CONSTRAINT \"PK_da8105aa33862bd04645b135df1\" PRIMARY KEY (\"auction_id\", \"user_id\"))");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" ADD CONSTRAINT \"FK_e752f854da6f7d896f88e10fd6c\" FOREIGN KEY (\"auction_id\") REFERENCES \"auctions\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" ADD CONSTRAINT \"FK_bd771fa48816ba871bf9b875728\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query(
      "INSERT INTO \"auction_bidders\" (\"auction_id\", \"user_id\", \"rank\") SELECT \"auction_id\", \"user_id\", ROW_NUMBER() OVER (PARTITION BY \"auction_id\" ORDER BY MIN(\"id\")) FROM \"auction_bids\" GROUP BY \"auction_id\", \"user_id\"",
    );
    await queryRunner.query(`CREATE FUNCTION auction_status(p_winner uuid, p_starts timestamptz, p_ends timestamptz,
  p_now timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_winner IS NOT NULL THEN 'SOLD' WHEN p_now < p_starts THEN 'UPCOMING'
    WHEN p_now >= p_ends THEN 'SOLD' ELSE 'ACTIVE' END
$$`);
    await queryRunner.query(`CREATE FUNCTION place_auction_bid(p_user uuid, p_auction int, p_amount_cents numeric,
  p_now timestamptz, p_claim_window_hours int)
  RETURNS TABLE (outcome text, balance numeric, committed numeric, status_then text, is_leader boolean,
    bid_id int, bid_created_at timestamptz, bidder_rank int, previous_leader uuid, auction auctions)
  LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_auction auctions;
  v_floor numeric;
BEGIN
  SELECT u.mpc_balance INTO balance FROM users u WHERE u.id = p_user FOR UPDATE;
  IF NOT FOUND THEN outcome := 'UNAUTHORIZED'; RETURN NEXT; RETURN; END IF;
  IF member_suspended(p_user, p_now) THEN outcome := 'ACCOUNT_SUSPENDED'; RETURN NEXT; RETURN; END IF;
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
  -- Under the auction's row lock, so ranks never collide; a member keeps the label of their first bid.
  INSERT INTO auction_bidders (auction_id, user_id, rank)
    SELECT p_auction, p_user, COALESCE(MAX(b.rank), 0) + 1 FROM auction_bidders b WHERE b.auction_id = p_auction
    ON CONFLICT DO NOTHING;
  SELECT b.rank INTO bidder_rank FROM auction_bidders b WHERE b.auction_id = p_auction AND b.user_id = p_user;

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
$$`);
    await queryRunner.query(`CREATE FUNCTION place_auction_bids(p_auction int, p_users uuid[], p_amounts_cents numeric[],
  p_now timestamptz, p_claim_window_hours int)
  RETURNS TABLE (n int, outcome text, balance numeric, committed numeric, status_then text, is_leader boolean,
    bid_id int, bid_created_at timestamptz, bidder_rank int, previous_leader uuid, auction auctions)
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = ANY (p_users) ORDER BY u.id FOR UPDATE;
  FOR i IN 1 .. COALESCE(array_length(p_users, 1), 0) LOOP
    RETURN QUERY SELECT i, r.* FROM place_auction_bid(p_users[i], p_auction, p_amounts_cents[i],
      p_now, p_claim_window_hours) r;
  END LOOP;
END
$$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP FUNCTION place_auction_bids(int, uuid[], numeric[], timestamptz, int)");
    await queryRunner.query("DROP FUNCTION place_auction_bid(uuid, int, numeric, timestamptz, int)");
    await queryRunner.query("DROP FUNCTION auction_status(uuid, timestamptz, timestamptz, timestamptz)");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" DROP CONSTRAINT \"FK_bd771fa48816ba871bf9b875728\"");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" DROP CONSTRAINT \"FK_e752f854da6f7d896f88e10fd6c\"");
    await queryRunner.query("DROP TABLE \"auction_bidders\"");
  }
}
