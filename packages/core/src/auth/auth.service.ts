import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_SENDS_PER_HOUR_PER_EMAIL,
  CODE_SENDS_PER_HOUR_PER_IP,
  CODE_TTL_MINUTES,
  Messages,
  RESEND_COOLDOWN_SECONDS,
} from "@bm/shared";
import type { Transactor } from "../db/transactor";
import {
  AccountSuspendedError,
  InvalidCodeError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import { type MailPort, MailRecipientRefusedError, MailUnavailableError } from "../ports/mail";
import type { ReferralService } from "../referrals/referral.service";
import type { User } from "../users/user.entity";
import type { UserRepository } from "../users/user.repository";
import type { PublicUser } from "../users/viewer";
import { signInCodeMail } from "./auth.mails";
import type { CodeRepository } from "./auth.repository";
import { completeSignIn, publicUserOf } from "./sign-in";

export const MAIL_REFUSED = "This address cannot receive mail";
export const MAIL_UNAVAILABLE = "The mail service is unavailable. Try again shortly.";

export interface AuthDeps {
  tx: Transactor;
  users: UserRepository;
  codes: CodeRepository;
  referrals: ReferralService;
  mail: MailPort;
  clock: Clock;
  log: Logger;
  /** Key for hashing codes at rest. */
  secret: string;
  adminEmails: ReadonlySet<string>;
  staffEmails: ReadonlySet<string>;
  publicUrl: string;
}

const HOUR_MS = 60 * 60 * 1000;
const REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Passwordless sign-in with e-mailed one-time codes (DESIGN.md section 6). */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Sends a fresh code. The answer is the same whether or not the address belongs to a member;
   * sends are limited per address and per IP. The code is stored, then mailed: only once it left
   * does it replace the address's earlier codes; a send that fails forgets it, so it counts
   * against no limit, and answers why (400 when the server refuses the address, 503 when the
   * mail service cannot be reached).
   */
  async sendCode(email: string, ip: string | null): Promise<void> {
    const { tx, codes, clock, mail, log } = this.deps;
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
    const now = clock.now();

    const codeId = await tx.run(async (t) => {
      await codes.lockSendsTo(email, t);
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const byEmail = await codes.sentTo(email, hourAgo, t);
      if (byEmail.last && now.getTime() - byEmail.last.getTime() < RESEND_COOLDOWN_SECONDS * 1000) {
        const wait = Math.ceil((byEmail.last.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
        throw new RateLimitError(Messages.resendTooSoon, wait);
      }
      if (byEmail.count >= CODE_SENDS_PER_HOUR_PER_EMAIL) throw new RateLimitError(Messages.tooManyCodes, 3600);
      if (ip && (await codes.sentFromIp(ip, hourAgo, t)) >= CODE_SENDS_PER_HOUR_PER_IP) {
        throw new RateLimitError(Messages.tooManyCodes, 3600);
      }
      return codes.store(
        {
          email,
          hash: this.hash(email, code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
          ip,
          createdAt: now,
        },
        t,
      );
    });

    try {
      await mail.send(signInCodeMail(email, code, this.deps.publicUrl));
    } catch (error) {
      await codes.discard(codeId).catch((err) => log.error({ err }, "could not discard an unsent code"));
      if (error instanceof MailRecipientRefusedError) throw new ValidationError(MAIL_REFUSED);
      if (error instanceof MailUnavailableError) {
        log.warn({ err: error }, "sign-in code not sent: mail unavailable");
        throw new ServiceUnavailableError(MAIL_UNAVAILABLE);
      }
      throw error;
    }
    await codes.invalidateUnused(email, now, codeId);
  }

  /**
   * Checks the code and signs the member in, creating the account at first sign-in (and applying
   * the referral code then, once). Wrong tries count; the fifth kills the code.
   */
  async verifyCode(
    email: string,
    code: string,
    referralCode?: string,
    address: string | null = null,
    device: string | null = null,
  ): Promise<{ user: PublicUser; isNewUser: boolean; referralApplied: boolean }> {
    const { tx, codes, clock, users, referrals } = this.deps;
    const now = clock.now();

    const outcome = await tx.run(async (t) => {
      const row = await codes.lockLatestLive(email, now, t);
      if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false as const };
      if (!this.matches(row.hash, email, code)) {
        const attempts = row.attempts + 1;
        await codes.recordWrongTry(row.id, attempts, attempts >= CODE_MAX_ATTEMPTS ? now : null, t);
        return { ok: false as const };
      }
      await codes.markUsed(row.id, now, t);

      let user = await users.findByEmail(email, t);
      // Told only here, to whoever holds the mailbox (the code proved it): sending a code answers
      // every address alike, so a suspension says nothing to anyone else, and never its reason or end.
      if (user && (await users.isSuspended(user.id, t))) return { ok: false as const, suspended: true };
      let isNewUser = false;
      let referralApplied = false;
      if (!user) {
        for (let i = 0; !user && i < 5; i++) user = await users.insertIfAbsent(email, newReferralCode(), t);
        if (!user) user = await users.findByEmail(email, t);
        if (!user) throw new Error("could not create the member");
        isNewUser = true;
        referralApplied = await referrals.applyAtSignup(t, user, referralCode);
        if (referralApplied) user = (await users.findById(user.id, t)) ?? user;
      }
      const signedIn = await completeSignIn(users, this.deps, user, now, { address, device }, t);
      return { ok: true as const, user: signedIn, isNewUser, referralApplied };
    });

    if (!outcome.ok) throw "suspended" in outcome ? new AccountSuspendedError() : new InvalidCodeError();
    this.deps.log.info({ userId: outcome.user.id, isNewUser: outcome.isNewUser }, "member signed in");
    return {
      user: this.toPublic(outcome.user),
      isNewUser: outcome.isNewUser,
      referralApplied: outcome.referralApplied,
    };
  }

  /**
   * The signed-in member, or null: unknown, erased at their request, or suspended (a session that
   * outlived either opens nothing).
   */
  async currentUser(userId: string, read?: { user: User | null; suspended: boolean }): Promise<PublicUser | null> {
    const { member, suspended } = await this.sessionMember(userId, read);
    return suspended ? null : member;
  }

  /**
   * The session's member, and whether a suspension is in force for them now (read every time:
   * nothing caches it). `read` is what the session's own statement read of them a moment ago, for
   * this request (SessionStore.takeMember): then nothing is read again.
   */
  async sessionMember(
    userId: string,
    read?: { user: User | null; suspended: boolean },
  ): Promise<{ member: PublicUser | null; suspended: boolean }> {
    const { user, suspended } = read ?? (await this.deps.users.findWithSuspension(userId));
    return { member: user && !user.erasedAt ? this.toPublic(user) : null, suspended };
  }

  isAdmin(email: string): boolean {
    return this.deps.adminEmails.has(email.toLowerCase());
  }

  isStaff(email: string): boolean {
    return this.deps.staffEmails.has(email.toLowerCase());
  }

  toPublic(user: User): PublicUser {
    return publicUserOf(user, this.deps);
  }

  private hash(email: string, code: string): string {
    return createHmac("sha256", this.deps.secret).update(`${email}\n${code}`).digest("hex");
  }

  private matches(storedHex: string, email: string, code: string): boolean {
    const expected = Buffer.from(this.hash(email, code), "hex");
    const stored = Buffer.from(storedHex, "hex");
    return stored.length === expected.length && timingSafeEqual(stored, expected);
  }
}

function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)];
  return code;
}
