import { MAX_REFERRALS, REFERRAL_REFERRER_CREDITS, REFERRAL_SIGNUP_CREDITS, SPECIAL_TRIAL_SLUGS } from "@bm/shared";
import type { ChallengeRepository } from "../challenges/challenges.repository";
import type { LedgerService } from "../credits/ledger.service";
import type { Tx } from "../db/transactor";
import type { Clock } from "../ports/clock";
import type { User } from "../users/user.entity";
import type { UserRepository } from "../users/user.repository";
import type { ReferralRepository } from "./referrals.repository";

export { MAX_REFERRALS };

/**
 * Whoever must hear of a member's first real action (a right answer, a paid shop order), in the
 * transaction that records it.
 */
export interface RealActionListener {
  /** Answers the referrer credited by it (whose figures the caller tells after commit), or null. */
  onFirstRealAction(tx: Tx, userId: string): Promise<string | null>;
}

export interface ReferralDeps {
  ledger: LedgerService;
  users: UserRepository;
  referrals: ReferralRepository;
  challenges: ChallengeRepository;
  clock: Clock;
}

/**
 * Referrals (issue 10 item 6): the newcomer gets REFERRAL_SIGNUP_CREDITS on joining; the referrer
 * gets REFERRAL_REFERRER_CREDITS once the newcomer does something real (a right answer, a paid
 * order), for at most MAX_REFERRALS referrals. The referrals trial counts as completed at the
 * referrer's first successful referral; its credits are the referral ledger rows (no extra award).
 */
export class ReferralService implements RealActionListener {
  constructor(private readonly deps: ReferralDeps) {}

  /**
   * At a member's first sign-in: the referral code's owner (unknown codes and one's own are
   * ignored), else the member who invited this address, becomes the newcomer's referrer; the
   * newcomer gets the joining credits once (unique referee, ledger key). Other members' open
   * invitations to the address are void once it joined. False when nobody referred them.
   */
  async applyAtSignup(tx: Tx, newcomer: User, referralCode: string | undefined): Promise<boolean> {
    const { users, referrals, ledger } = this.deps;
    const code = referralCode?.trim().toUpperCase();
    let referrerId: string | null = null;
    if (code) {
      const referrer = await users.lockByReferralCode(code, tx);
      if (referrer && referrer.id !== newcomer.id && (await referrals.recordJoined(referrer.id, newcomer, tx))) {
        referrerId = referrer.id;
      }
    }
    referrerId ??= await referrals.linkOpenInvitation(newcomer, tx);
    if (!referrerId) return false;
    await referrals.dropOpenInvitations(newcomer.email, tx);
    await ledger.apply(tx, {
      userId: newcomer.id,
      amountCents: REFERRAL_SIGNUP_CREDITS * 100,
      kind: "signup",
      sourceId: "referral",
      title: "Referral signup bonus",
    });
    return true;
  }

  /**
   * The member did something real: their pending referral completes, once (its row locked, a
   * conditional update, the ledger's unique key), and the referrer earns credits while they have
   * fewer than MAX_REFERRALS completed referrals (the referrer's row locked, so parallel
   * completions of different invitees count one at a time). Lock order: the invitee (held by the
   * caller), the referral, the referrer: a referrer always joined before their invitee, so no cycle.
   * Answers the referrer when they were credited.
   */
  async onFirstRealAction(tx: Tx, userId: string): Promise<string | null> {
    const { users, referrals, ledger, challenges, clock } = this.deps;
    const pending = await referrals.lockPendingOf(userId, tx);
    if (!pending) return null;
    if ((await users.lockForSettlement(pending.referrerId, tx)) === null) return null;
    const completed = await referrals.completedCount(pending.referrerId, tx);
    const credited = completed < MAX_REFERRALS;
    const at = clock.now();
    if (!(await referrals.complete(pending.id, credited, at, tx))) return null;
    if (!credited) return null;
    const email = (await users.emailOf(userId, tx)) ?? "";
    await ledger.apply(tx, {
      userId: pending.referrerId,
      amountCents: REFERRAL_REFERRER_CREDITS * 100,
      kind: "referral",
      sourceId: userId,
      title: `Referral: ${maskEmail(email)} answered your call`,
    });
    if (completed === 0) {
      const trial = await challenges.findBySlug("trial", SPECIAL_TRIAL_SLUGS.referrals, tx);
      if (trial) {
        await challenges.insertCompletion(
          "trial",
          { userId: pending.referrerId, challengeId: trial.id, credits: REFERRAL_REFERRER_CREDITS, at },
          tx,
        );
      }
    }
    return pending.referrerId;
  }
}

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}
