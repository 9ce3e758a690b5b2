import { REFERRAL_SIGNUP_CREDITS } from "@bm/shared";
import type { EntityManager } from "typeorm";
import type { LedgerService } from "../credits/ledger.service";
import type { User } from "../users/user.entity";

/** Successful referrals that earn the referrer credits (the invitation form has three slots). */
export const MAX_REFERRALS = 3;

export class ReferralService {
  constructor(private readonly ledger: LedgerService) {}

  /**
   * Applies a referral code at a member's first sign-in: 5 credits to the newcomer, and 5 to the
   * referrer while they have fewer than MAX_REFERRALS completed referrals. Once per newcomer
   * (unique referee), whatever retries happen. Unknown codes and self-referral are ignored.
   */
  async applyAtSignup(em: EntityManager, newcomer: User, referralCode: string | undefined): Promise<boolean> {
    const code = referralCode?.trim().toUpperCase();
    if (!code) return false;
    const [referrer] = await em.query(`SELECT id FROM users WHERE upper(referral_code) = $1 FOR UPDATE`, [code]);
    if (!referrer || referrer.id === newcomer.id) return false;

    const [{ count }] = await em.query(
      `SELECT count(*)::int AS count FROM referrals WHERE referrer_id = $1 AND status = 'completed'`,
      [referrer.id],
    );
    const rows: { id: number }[] = await em.query(
      `INSERT INTO referrals (referrer_id, referee_email, referee_id, status, credits_awarded, completed_at)
       VALUES ($1, $2, $3, 'completed', true, now())
       ON CONFLICT ON CONSTRAINT uq_referrals_invite
       DO UPDATE SET referee_id = EXCLUDED.referee_id, status = 'completed', credits_awarded = true, completed_at = now()
       WHERE referrals.referee_id IS NULL
       RETURNING id`,
      [referrer.id, newcomer.email, newcomer.id],
    );
    const referral = rows[0];
    if (!referral) return false;

    const cents = REFERRAL_SIGNUP_CREDITS * 100;
    await this.ledger.apply(em, {
      userId: newcomer.id,
      amountCents: cents,
      kind: "signup",
      sourceId: "referral",
      title: "Referral signup bonus",
    });
    if (count < MAX_REFERRALS) {
      await this.ledger.apply(em, {
        userId: referrer.id,
        amountCents: cents,
        kind: "referral",
        sourceId: newcomer.id,
        title: `Referral: ${maskEmail(newcomer.email)} joined`,
      });
    }
    return true;
  }
}

function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}
