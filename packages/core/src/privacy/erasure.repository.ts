import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** The ledger title of a referral whose invitee or referrer was erased (the old one masked an address). */
export const ERASED_REFERRAL_TITLE = "Referral: an invitee answered your call";

/**
 * Where a member's personal data lives, table by table: the one place that knows. A table that
 * comes to hold personal data belongs here too; the data deletion test scans every text column of
 * the database for a processed member's data, so a forgotten one fails it.
 *
 * What stays, anonymised by the member's row (kept under a placeholder address): bids, ledger
 * rows and balances (so `mpcBalance = sum(credit_ledger)` holds), orders (`shopify_purchases`),
 * claims and notifications of lots, completions and attempts (their typed answers blanked).
 */
export class ErasureRepository extends Repository {
  /** The member's address, their row locked until `tx` ends (every other writer of the member waits). */
  async lockMember(id: string, tx: Tx): Promise<{ email: string; erased: boolean } | null> {
    const row = await this.first<{ email: string; erased_at: Date | null }>(
      `SELECT email, erased_at FROM users WHERE id = $1 FOR UPDATE`,
      [id],
      tx,
    );
    return row ? { email: row.email, erased: row.erased_at !== null } : null;
  }

  /**
   * Erases everything personal about the member in `tx`: the caller holds their row's lock. The
   * address-keyed tables are erased by `email`, the member's address until now.
   */
  async eraseMember(member: { id: string; email: string }, placeholder: string, at: Date, tx: Tx): Promise<void> {
    const { id, email } = member;
    await this.rows(
      `UPDATE users SET email = $2, first_name = NULL, last_name = NULL, profile_image_url = NULL,
              shopify_customer_id = NULL, last_shopify_sync = NULL, referral_code = NULL,
              erased_at = $3, updated_at = $3
        WHERE id = $1`,
      [id, placeholder, at],
      tx,
    );
    // Signed out everywhere: no session row names the member any more.
    await this.rows(`DELETE FROM sessions WHERE (sess::jsonb ->> 'userId') = $1`, [id], tx);
    // What the member wrote or sent: the confession, the oath's recording, the covenant's
    // signature and typed name, questions about lots, and the answers of failed attempts.
    await this.rows(`DELETE FROM confessions WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM trial_uploads WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM lot_questions WHERE user_id = $1`, [id], tx);
    // The member's devices (their push endpoints and keys), watchlist, notice choices and the
    // answers kept for their retried requests.
    await this.rows(`DELETE FROM push_subscriptions WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM watched_lots WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM notice_preferences WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM idempotency_keys WHERE user_id = $1`, [id], tx);
    // Their passkeys (each public key and the name they gave it), the challenges issued to them
    // and their answer to the offer of one: a passkey of theirs opens nothing any more.
    await this.rows(`DELETE FROM passkeys WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM passkey_challenges WHERE user_id = $1`, [id], tx);
    await this.rows(`DELETE FROM passkey_offers WHERE user_id = $1`, [id], tx);
    // Their household, declared or only asked for (by them, of them, or to their address), and the
    // fair-play flags that name them: the flags' evidence holds their addresses, devices and bids.
    await this.rows(
      `DELETE FROM households WHERE inviter_id = $1 OR invitee_id = $1 OR lower(invitee_email) = lower($2)`,
      [id, email],
      tx,
    );
    await this.rows(`DELETE FROM fair_play_flags WHERE $1 = ANY(members)`, [id], tx);
    await this.rows(
      `UPDATE puzzle_failed_attempts SET attempted_answer = '', address = NULL WHERE user_id = $1`,
      [id],
      tx,
    );
    await this.rows(
      `UPDATE trial_failed_attempts SET attempted_answer = '', address = NULL WHERE user_id = $1`,
      [id],
      tx,
    );
    // The attempt log keeps each verdict and time, without what was typed or where from.
    await this.rows(`UPDATE challenge_attempts SET answer = NULL, address = NULL WHERE user_id = $1`, [id], tx);
    // Where the member came from: every sign-in's address, and each right answer's.
    await this.rows(`DELETE FROM sign_ins WHERE user_id = $1`, [id], tx);
    await this.rows(`UPDATE puzzle_completions SET address = NULL WHERE user_id = $1`, [id], tx);
    await this.rows(`UPDATE trial_completions SET address = NULL WHERE user_id = $1`, [id], tx);
    // The social rite: the Instagram account and comment the operator matched (the code stays, it is ours).
    await this.rows(
      `UPDATE instagram_completions SET instagram_username = NULL, comment_id = NULL WHERE user_id = $1`,
      [id],
      tx,
    );
    // Referrals: the addresses the member invited (open invitations go: they were never taken
    // up), and the member's own address in others' referrals; the rows of referrals that happened
    // stay, so every referrer keeps their count and credits.
    await this.rows(`DELETE FROM referrals WHERE referrer_id = $1 AND referee_id IS NULL`, [id], tx);
    await this.rows(
      `UPDATE referrals SET referee_email = 'erased-' || gen_random_uuid() || '@erased.invalid'
        WHERE referrer_id = $1 OR referee_id = $1`,
      [id],
      tx,
    );
    // The ledger's amounts never change; a referral's title masked the invitee's address.
    await this.rows(
      `UPDATE credit_ledger SET title = $2 WHERE kind = 'referral' AND (user_id = $1 OR source_id = $1::text)`,
      [id, ERASED_REFERRAL_TITLE],
      tx,
    );
    await this.eraseAddress(email, placeholder, tx);
    await this.rows(`UPDATE deletion_requests SET email = $2 WHERE user_id = $1`, [id, placeholder], tx);
  }

  /** What is kept by address alone: codes, the dev shop's list and checkouts, others' invitations, webhooks. */
  async eraseAddress(email: string, placeholder: string, tx: Tx): Promise<void> {
    await this.rows(`DELETE FROM verification_codes WHERE email = $1`, [email], tx);
    await this.rows(`DELETE FROM referrals WHERE referee_email = $1 AND referee_id IS NULL`, [email], tx);
    await this.rows(`DELETE FROM dev_shop_subscribers WHERE email = $1`, [email], tx);
    await this.rows(`UPDATE dev_shop_checkouts SET email = NULL WHERE email = $1`, [email], tx);
    await this.rows(`UPDATE auctions SET claimed_by = NULL WHERE claimed_by = $1`, [email], tx);
    // Shopify's order payloads carry the buyer's address, name and postal address: a kept
    // delivery naming the member goes (its order is credited or will never be theirs now).
    await this.rows(`DELETE FROM shop_webhooks WHERE strpos(lower(body), $1) > 0`, [email], tx);
    await this.rows(`UPDATE deletion_requests SET email = $2 WHERE email = $1`, [email, placeholder], tx);
  }
}
