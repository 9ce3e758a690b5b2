import {
  type InvitationResult,
  invitationEmails,
  isDeliverableAddress,
  isOwnAddress,
  MAX_REFERRALS,
  ReferralMessages,
  type ReferralStatsAnswer,
} from "@bm/shared";
import type { Transactor } from "../db/transactor";
import { UnauthorizedError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import { type MailPort, MailRecipientRefusedError } from "../ports/mail";
import type { UserRepository } from "../users/user.repository";
import { isDisposableAddress } from "./disposable-domains";
import { invitationMail } from "./referral.mails";
import type { ReferralRepository } from "./referrals.repository";

export interface InvitationDeps {
  tx: Transactor;
  users: UserRepository;
  referrals: ReferralRepository;
  mail: MailPort;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}

/**
 * The referral panel (spec 001 sections 5 and 7): a member invites up to MAX_REFERRALS addresses
 * in all (the panel's three slots; an invited address keeps its slot), each mailed the member's
 * referral link. An address is refused when it is the member's own or a +alias of it, belongs to a
 * member, is on the disposable-mail list, or already has an open invitation from anyone (a person
 * is asked once, and a first sign-in without a code links to exactly one inviter); everything is
 * refused once the member's circle is complete (MAX_REFERRALS successful referrals).
 */
export class InvitationService {
  constructor(private readonly deps: InvitationDeps) {}

  async stats(memberId: string): Promise<ReferralStatsAnswer> {
    const { referrals } = this.deps;
    const [completedReferrals, emails] = await Promise.all([
      referrals.completedCount(memberId),
      referrals.emailsOf(memberId),
    ]);
    return { completedReferrals, maxReferrals: MAX_REFERRALS, referrals: emails.map((email) => ({ email })) };
  }

  /**
   * Decides every address under the member's row lock (slots and the circle counted one request
   * at a time), records the accepted ones, then mails them; an invitation whose mail could not
   * leave is forgotten and answered as failed.
   */
  async send(memberId: string, slots: readonly string[]): Promise<{ results: InvitationResult[] }> {
    const { tx, users, referrals, clock } = this.deps;
    const emails = invitationEmails(slots);
    if (emails.length === 0) throw new ValidationError(ReferralMessages.noEmails);
    if (emails.length > MAX_REFERRALS) throw new ValidationError(ReferralMessages.tooMany);

    const decided = await tx.run(async (t) => {
      if ((await users.lockBalance(memberId, t)) === null) throw new UnauthorizedError();
      const member = await users.findById(memberId, t);
      const own = member?.email ?? "";
      const full = (await referrals.completedCount(memberId, t)) >= MAX_REFERRALS;
      let used = (await referrals.emailsOf(memberId, t)).length;
      const seen = new Set<string>();
      const out: { email: string; refusal: string | null; id: number | null }[] = [];
      for (const email of emails) {
        let refusal: string | null = null;
        if (!isDeliverableAddress(email)) refusal = ReferralMessages.invalid;
        else if (seen.has(email)) refusal = ReferralMessages.duplicate;
        else if (email === own) refusal = ReferralMessages.self;
        else if (isOwnAddress(email, own)) refusal = ReferralMessages.ownAlias;
        else if (isDisposableAddress(email)) refusal = ReferralMessages.disposable;
        else if (await users.findByEmail(email, t)) refusal = ReferralMessages.member;
        else if (await referrals.isInvited(memberId, email, t)) refusal = ReferralMessages.alreadyInvited;
        else if (full) refusal = ReferralMessages.full;
        else if (used >= MAX_REFERRALS) refusal = ReferralMessages.noSlot;
        seen.add(email);
        let id: number | null = null;
        if (refusal === null) {
          id = await referrals.insertInvitation(memberId, email, clock.now(), t);
          if (id === null) refusal = ReferralMessages.alreadyInvited;
          else used += 1;
        }
        out.push({ email, refusal, id });
      }
      return { out, code: member?.referralCode ?? null };
    });

    const results: InvitationResult[] = [];
    for (const { email, refusal, id } of decided.out) {
      if (refusal !== null || id === null) {
        results.push({ email, success: false, message: refusal ?? ReferralMessages.alreadyInvited });
        continue;
      }
      results.push(await this.mail(email, id, decided.code));
    }
    return { results };
  }

  private async mail(email: string, invitationId: number, code: string | null): Promise<InvitationResult> {
    const { mail, referrals, publicUrl, log } = this.deps;
    const link = code ? `${publicUrl}/enter?ref=${encodeURIComponent(code)}` : `${publicUrl}/enter`;
    try {
      await mail.send(invitationMail(email, link));
      return { email, success: true, message: ReferralMessages.sent };
    } catch (error) {
      await referrals
        .discardInvitation(invitationId)
        .catch((err) => log.error({ err }, "could not forget an unsent invitation"));
      if (error instanceof MailRecipientRefusedError) {
        return { email, success: false, message: ReferralMessages.mailRefused };
      }
      log.warn({ err: error }, "invitation not sent");
      return { email, success: false, message: ReferralMessages.mailUnavailable };
    }
  }
}
