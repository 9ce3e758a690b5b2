import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Bids on one lot decided several in one call (group commit): `place_lot_bids` takes the bids a
 * node queued for a lot, in the order they arrived, and runs `place_lot_bid` for each in that
 * order inside one transaction, so each sees what the ones before it did (a member outbid by the
 * bid before theirs, a member whose earlier bid leads), exactly as if they had been sent one by
 * one, and all commit together. Each answers its own row (its position `n`, from 1): a refusal is
 * data and never stops the others.
 *
 * The members' rows are locked first, all of them, in the order of their ids, and only then the
 * lot's (by the first bid): one bid alone locks its member then the lot, so a batch that took the
 * lot and then waited on a member another batch holds would deadlock with it.
 */
export class BidsInBatches1795800500000 implements MigrationInterface {
  name = "BidsInBatches1795800500000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION place_lot_bids(p_lot int, p_users uuid[], p_amounts_cents numeric[],
  p_credits_cents numeric[], p_now timestamptz, p_soft_close_s int, p_claim_window_hours int,
  p_increment_cents numeric, p_max_cents numeric)
  RETURNS TABLE (n int, outcome text, balance numeric, committed numeric, lot_state_then text, is_leader boolean,
    bid_id int, bid_created_at timestamptz, bidder_rank int, previous_leader uuid, extended boolean, lot auction_lots)
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = ANY (p_users) ORDER BY u.id FOR UPDATE;
  FOR i IN 1 .. COALESCE(array_length(p_users, 1), 0) LOOP
    RETURN QUERY SELECT i, r.* FROM place_lot_bid(p_users[i], p_lot, p_amounts_cents[i], p_credits_cents[i],
      p_now, p_soft_close_s, p_claim_window_hours, p_increment_cents, p_max_cents) r;
  END LOOP;
END
$$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "DROP FUNCTION place_lot_bids(int, uuid[], numeric[], numeric[], timestamptz, int, int, numeric, numeric)",
    );
  }
}
