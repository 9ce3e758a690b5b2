import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_SENDS_PER_HOUR_PER_EMAIL,
  CODE_SENDS_PER_HOUR_PER_IP,
  CODE_TTL_MINUTES,
  formatMoney,
  Messages,
  RESEND_COOLDOWN_SECONDS,
} from "@bm/shared";
import type { DataSource } from "typeorm";
import { InvalidCodeError, RateLimitError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { MailPort } from "../ports/mail";
import type { ReferralService } from "../referrals/referral.service";
import type { User } from "../users/user.entity";
import type { UserRepository } from "../users/user.repository";
import { signInCodeMail } from "./sign-in-mail";

export interface AuthDeps {
  db: DataSource;
  users: UserRepository;
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

export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  isStaff: boolean;
  mpcBalance: string;
  referralCode: string | null;
  /** Past the Bidding Hall's gate: gave the word once, or staff or admin (who never need it). */
  gateOpen: boolean;
}

const HOUR_MS = 60 * 60 * 1000;
const REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Passwordless sign-in with e-mailed one-time codes (DESIGN.md section 6). */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Sends a fresh code. The answer is the same whether or not the address belongs to a member;
   * the previous code dies; sends are limited per address and per IP.
   */
  async sendCode(email: string, ip: string | null): Promise<void> {
    const { db, clock } = this.deps;
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
    const now = clock.now();

    await db.transaction(async (em) => {
      // Serialises sends for one address so the limits below cannot be raced.
      await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`send-code:${email}`]);
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const [byEmail] = await em.query(
        `SELECT count(*)::int AS count, max(created_at) AS last FROM verification_codes WHERE email = $1 AND created_at > $2`,
        [email, hourAgo],
      );
      if (byEmail.last && now.getTime() - new Date(byEmail.last).getTime() < RESEND_COOLDOWN_SECONDS * 1000) {
        const wait = Math.ceil(
          (new Date(byEmail.last).getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000,
        );
        throw new RateLimitError(Messages.resendTooSoon, wait);
      }
      if (byEmail.count >= CODE_SENDS_PER_HOUR_PER_EMAIL) throw new RateLimitError(Messages.tooManyCodes, 3600);
      if (ip) {
        const [byIp] = await em.query(
          `SELECT count(*)::int AS count FROM verification_codes WHERE request_ip = $1 AND created_at > $2`,
          [ip, hourAgo],
        );
        if (byIp.count >= CODE_SENDS_PER_HOUR_PER_IP) throw new RateLimitError(Messages.tooManyCodes, 3600);
      }
      await em.query(
        `UPDATE verification_codes SET invalidated_at = $2 WHERE email = $1 AND invalidated_at IS NULL AND verified = false`,
        [email, now],
      );
      await em.query(
        `INSERT INTO verification_codes (email, code, expires_at, request_ip, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [email, this.hash(email, code), new Date(now.getTime() + CODE_TTL_MINUTES * 60_000), ip, now],
      );
    });

    await this.deps.mail.send(signInCodeMail(email, code, this.deps.publicUrl));
  }

  /**
   * Checks the code and signs the member in, creating the account at first sign-in (and applying
   * the referral code then, once). Wrong tries count; the fifth kills the code.
   */
  async verifyCode(
    email: string,
    code: string,
    referralCode?: string,
  ): Promise<{ user: PublicUser; isNewUser: boolean; referralApplied: boolean }> {
    const { db, clock, users, referrals } = this.deps;
    const now = clock.now();

    const outcome = await db.transaction(async (em) => {
      const [row] = await em.query(
        `SELECT id, code, attempts FROM verification_codes
         WHERE email = $1 AND verified = false AND invalidated_at IS NULL AND expires_at > $2
         ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [email, now],
      );
      if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false as const };
      if (!this.matches(row.code, email, code)) {
        const attempts = row.attempts + 1;
        await em.query(`UPDATE verification_codes SET attempts = $2, invalidated_at = $3 WHERE id = $1`, [
          row.id,
          attempts,
          attempts >= CODE_MAX_ATTEMPTS ? now : null,
        ]);
        return { ok: false as const };
      }
      await em.query(`UPDATE verification_codes SET verified = true, invalidated_at = $2 WHERE id = $1`, [row.id, now]);

      let user = await users.findByEmail(email, em);
      let isNewUser = false;
      let referralApplied = false;
      if (!user) {
        for (let i = 0; !user && i < 5; i++) user = await users.insertIfAbsent(email, newReferralCode(), em);
        if (!user) user = await users.findByEmail(email, em);
        if (!user) throw new Error("could not create the member");
        isNewUser = true;
        referralApplied = await referrals.applyAtSignup(em, user, referralCode);
        if (referralApplied) user = (await users.findById(user.id, em)) ?? user;
      }
      const isAdmin = this.deps.adminEmails.has(user.email);
      if (user.isAdmin !== isAdmin) await users.setAdmin(user.id, isAdmin, em);
      return { ok: true as const, user: { ...user, isAdmin }, isNewUser, referralApplied };
    });

    if (!outcome.ok) throw new InvalidCodeError();
    this.deps.log.info({ userId: outcome.user.id, isNewUser: outcome.isNewUser }, "member signed in");
    return {
      user: this.toPublic(outcome.user),
      isNewUser: outcome.isNewUser,
      referralApplied: outcome.referralApplied,
    };
  }

  async currentUser(userId: string): Promise<PublicUser | null> {
    const user = await this.deps.users.findById(userId);
    return user ? this.toPublic(user) : null;
  }

  isAdmin(email: string): boolean {
    return this.deps.adminEmails.has(email.toLowerCase());
  }

  isStaff(email: string): boolean {
    return this.deps.staffEmails.has(email.toLowerCase());
  }

  toPublic(user: User): PublicUser {
    const isAdmin = this.isAdmin(user.email);
    const isStaff = this.isStaff(user.email);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin,
      isStaff,
      mpcBalance: formatMoney(user.mpcBalance),
      referralCode: user.referralCode,
      gateOpen: user.gatePassedAt !== null || isAdmin || isStaff,
    };
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
