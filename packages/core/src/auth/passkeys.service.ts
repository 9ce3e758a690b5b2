import {
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_OFFER_SNOOZE_DAYS,
  PASSKEYS_PER_MEMBER_MAX,
  type Passkey,
  type PasskeyEnrolBody,
  PasskeyMessages,
  type PasskeyOfferChoice,
} from "@bm/shared";
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuditService } from "../audit/audit.service";
import type { Transactor } from "../db/transactor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { PublicUser } from "../users/viewer";
import type { PasskeyRepository, StoredPasskey } from "./passkeys.repository";
import {
  CEREMONY_TIMEOUT_MS,
  challengeOf,
  memberActor,
  type RelyingParty,
  SUPPORTED_ALGORITHMS,
  userHandleOf,
} from "./webauthn";

export interface PasskeysDeps {
  tx: Transactor;
  passkeys: PasskeyRepository;
  audit: AuditService;
  clock: Clock;
  log: Logger;
  rp: RelyingParty;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A passkey as its member and the admins see it: never its key or credential id. */
export function passkeyView(passkey: StoredPasskey): Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    synced: passkey.synced,
    transports: passkey.transports,
  };
}

/**
 * A member's own passkeys: the offer of one after a code sign-in, enrolment (user verification
 * required, the challenge single-use and five minutes long), naming and removal. Enrolment and
 * removal are audited.
 */
export class PasskeysService {
  constructor(private readonly deps: PasskeysDeps) {}

  /** Whether to offer a passkey now: not after "never", not while "not now" lasts (two weeks at most). */
  async shouldOffer(userId: string): Promise<boolean> {
    const answer = await this.deps.passkeys.offerOf(userId);
    if (!answer) return true;
    if (answer.never) return false;
    return !answer.snoozedUntil || answer.snoozedUntil.getTime() <= this.deps.clock.now().getTime();
  }

  async answerOffer(userId: string, choice: PasskeyOfferChoice): Promise<void> {
    const until = new Date(this.deps.clock.now().getTime() + PASSKEY_OFFER_SNOOZE_DAYS * DAY_MS);
    await this.deps.passkeys.answerOffer(userId, choice === "later" ? until : null, choice === "never");
  }

  async list(userId: string): Promise<Passkey[]> {
    return (await this.deps.passkeys.listOf(userId)).map(passkeyView);
  }

  /** The options of a new passkey for `member`, its challenge kept for five minutes. */
  async registrationOptions(member: PublicUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { passkeys, clock, rp } = this.deps;
    const existing = await passkeys.listOf(member.id);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: member.email,
      userID: userHandleOf(member.id),
      userDisplayName: [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    const now = clock.now();
    const expires = new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000);
    await passkeys.storeChallenge(options.challenge, "register", member.id, now, expires);
    return options;
  }

  /**
   * Verifies the browser's answer against the challenge issued to this member (spent whatever the
   * outcome) and keeps the passkey. 400 when it does not verify, 409 when it is kept already or
   * the member has 20.
   */
  async enrol(member: PublicUser, body: PasskeyEnrolBody): Promise<Passkey> {
    const { tx, passkeys, clock, rp, audit, log } = this.deps;
    const response = body.response as RegistrationResponseJSON;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) throw new ValidationError(PasskeyMessages.notEnrolled);
    const now = clock.now();

    // The challenge's deletion commits even when the answer fails: it is tried once.
    const outcome = await tx.run(async (t) => {
      const issued = await passkeys.takeChallenge(challenge, "register", now, t);
      if (!issued || issued.userId !== member.id) return { ok: false as const };
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      }).catch((err: unknown) => {
        log.info({ err }, "passkey enrolment refused");
        return null;
      });
      if (!verified?.verified) return { ok: false as const };
      const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
      await passkeys.lockEnrolmentsOf(member.id, t);
      if ((await passkeys.listOf(member.id, t)).length >= PASSKEYS_PER_MEMBER_MAX) {
        return { ok: false as const, conflict: PasskeyMessages.tooMany };
      }
      const stored = await passkeys.insert(
        {
          userId: member.id,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
          name: body.name ?? "Passkey",
          createdAt: now,
        },
        t,
      );
      if (!stored) return { ok: false as const, conflict: PasskeyMessages.alreadyEnrolled };
      await audit.record(t, memberActor(member.id), {
        action: "passkey.enrolled",
        targetKind: "passkey",
        targetId: stored.id,
        after: { memberId: member.id, synced: stored.synced, transports: stored.transports },
      });
      return { ok: true as const, stored };
    });

    if (outcome.ok) return passkeyView(outcome.stored);
    if ("conflict" in outcome && outcome.conflict) throw new ConflictError(outcome.conflict);
    throw new ValidationError(PasskeyMessages.notEnrolled);
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey> {
    const renamed = await this.deps.passkeys.rename(userId, id, name);
    if (!renamed) throw new NotFoundError(PasskeyMessages.notFound);
    return passkeyView(renamed);
  }

  /** Removes the member's own passkey (audited); another member's is not found. */
  async remove(userId: string, id: string): Promise<void> {
    const { tx, passkeys, audit } = this.deps;
    await tx.run(async (t) => {
      const removed = await passkeys.remove(userId, id, t);
      if (!removed) throw new NotFoundError(PasskeyMessages.notFound);
      await audit.record(t, memberActor(userId), {
        action: "passkey.removed",
        targetKind: "passkey",
        targetId: id,
        before: { memberId: userId, synced: removed.synced },
      });
    });
  }
}
