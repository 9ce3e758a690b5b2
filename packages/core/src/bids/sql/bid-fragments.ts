/**
 * What the lot's bid and the legacy auction's bid decide alike, written once and set into both
 * functions' text (a fragment, not a call: a function call per bid would cost the hot path a
 * planning and an executor start for three lines).
 */

/**
 * The member's row locked first, as every spending path locks it, then refused when missing or
 * suspended: after the lock, so a bid racing a suspension either commits before it or reads it.
 * Sets the function's `balance` and `outcome` columns.
 */
export const lockBidderSql = `  SELECT u.mpc_balance INTO balance FROM users u WHERE u.id = p_user FOR UPDATE;
  IF NOT FOUND THEN outcome := 'UNAUTHORIZED'; RETURN NEXT; RETURN; END IF;
  IF member_suspended(p_user, p_now) THEN outcome := 'ACCOUNT_SUSPENDED'; RETURN NEXT; RETURN; END IF;`;

/**
 * The member's label on the target: the rank of their first bid there, kept from that bid on.
 * Runs under the target's row lock, so ranks never collide. Sets `bidder_rank`.
 */
export function keepBidderRankSql(table: string, targetColumn: string, target: string): string {
  return `  -- Under the row lock of what is bid on, so ranks never collide; a member keeps the label of their first bid.
  INSERT INTO ${table} (${targetColumn}, user_id, rank)
    SELECT ${target}, p_user, COALESCE(MAX(b.rank), 0) + 1 FROM ${table} b WHERE b.${targetColumn} = ${target}
    ON CONFLICT DO NOTHING;
  SELECT b.rank INTO bidder_rank FROM ${table} b WHERE b.${targetColumn} = ${target} AND b.user_id = p_user;`;
}

/**
 * The body of a batch of bids, decided in one call and committed together (group commit): the
 * members' rows are locked first, all of them, in the order of their ids, and then, where a batch
 * may hold several targets, the targets' rows too, in the order of theirs (`lockTargets`); a batch
 * of one target takes its row with its first bid. One bid alone locks its member then its target,
 * so a batch that took a target and then waited on a member another batch holds would deadlock
 * with it, as two batches taking the same two targets in their bids' orders would. Then `call`
 * runs for each bid in arrival order, so each sees what the ones before it did, and answers its
 * own row (its position `n`, from 1): a refusal is data and never stops the others.
 */
export function bidBatchBody(call: string, lockTargets = ""): string {
  return `
BEGIN
  PERFORM 1 FROM users u WHERE u.id = ANY (p_users) ORDER BY u.id FOR UPDATE;${lockTargets ? `\n  ${lockTargets}` : ""}
  FOR i IN 1 .. COALESCE(array_length(p_users, 1), 0) LOOP
    RETURN QUERY SELECT i, r.* FROM ${call} r;
  END LOOP;
END
`;
}

/** A batch answers the single bid's columns, each row led by its position `n`. */
export function bidBatchReturns(single: string): string {
  if (!single.startsWith("TABLE (")) throw new Error("a bid function returns a TABLE");
  return `TABLE (n int, ${single.slice("TABLE (".length)}`;
}
