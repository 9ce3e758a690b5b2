import { REFERRAL_SIGNUP_CREDITS } from "@bm/shared";
import type { LedgerService } from "../credits/ledger.service";
import type { Tx } from "../db/transactor";
import type { User } from "../users/user.entity";
import type { UserRepository } from "../users/user.repository";
import type { ReferralRepository } from "./referrals.repository";

/** Successful referrals that earn the referrer credits (the invitation form has three slots). */
export const MAX_REFERRALS = 3;

export class ReferralService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly users: UserRepository,
    private readonly referrals: ReferralRepository,
  ) {}

  /**
   * Applies a referral code at a member's first sign-in: 5 credits to the newcomer, and 5 to the
   * referrer while they have fewer than MAX_REFERRALS completed referrals. Once per newcomer
   * (unique referee), whatever retries happen. Unknown codes and self-referral are ignored.
   */
  async applyAtSignup(tx: Tx, newcomer: User, referralCode: string | undefined): Promise<boolean> {
    const code = referralCode?.trim().toUpperCase();
    if (!code) return false;
    const referrer = await this.users.lockByReferralCode(code, tx);
    if (!referrer || referrer.id === newcomer.id) return false;

    const count = await this.referrals.completedCount(referrer.id, tx);
    if (!(await this.referrals.recordCompleted(referrer.id, newcomer, tx))) return false;

    const cents = REFERRAL_SIGNUP_CREDITS * 100;
    await this.ledger.apply(tx, {
      userId: newcomer.id,
      amountCents: cents,
      kind: "signup",
      sourceId: "referral",
      title: "Referral signup bonus",
    });
    if (count < MAX_REFERRALS) {
      await this.ledger.apply(tx, {
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
