import {
  type AuthenticationResponseBody,
  ErrorCodes,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PasskeyMessages,
} from "@bm/shared";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { AuditService } from "../audit/audit.service";
import type { Transactor } from "../db/transactor";
import { AccountSuspendedError, AppError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { UserRepository } from "../users/user.repository";
import type { PublicUser } from "../users/viewer";
import type { PasskeyRepository } from "./passkeys.repository";
import { completeSignIn, publicUserOf, type Roles } from "./sign-in";
import { CEREMONY_TIMEOUT_MS, challengeOf, memberActor, type RelyingParty, userHandleOf } from "./webauthn";

/** A passkey the House cannot accept: one answer for every reason, so none is told apart. */
export class PasskeyRejectedError extends AppError {
  constructor() {
    super(ErrorCodes.INVALID_CODE, 401, PasskeyMessages.rejected);
  }
}

export interface PasskeySignInDeps extends Roles {
  tx: Transactor;
  passkeys: PasskeyRepository;
  users: UserRepository;
  audit: AuditService;
  clock: Clock;
  log: Logger;
  rp: RelyingParty;
}

/**
 * Sign-in with a passkey (discoverable: the passkey says who), beside the e-mailed code and ending
 * the same way: a suspended member refused with the code's words, the sign-in recorded where a
 * code's is (`completeSignIn`), the session made by the same route code. Each use is audited.
 */
export class PasskeySignInService {
  constructor(private readonly deps: PasskeySignInDeps) {}

  /** Options for `navigator.credentials.get()`, user verification required; the challenge kept five minutes. */
  async options(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { passkeys, clock, rp } = this.deps;
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: "required",
      timeout: CEREMONY_TIMEOUT_MS,
    });
    const now = clock.now();
    const expires = new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000);
    await passkeys.storeChallenge(options.challenge, "sign-in", null, now, expires);
    return options;
  }

  /**
   * Verifies the assertion against a live challenge (spent whatever the outcome), the stored key
   * and counter; then signs the member in. 401 for any assertion that fails, 403 for a suspended
   * member (their passkey was right, as the code's 403 comes only after a right code).
   */
  async signIn(
    body: AuthenticationResponseBody,
    address: string | null,
    device: string | null = null,
  ): Promise<PublicUser> {
    const { tx, passkeys, users, clock, rp, audit, log } = this.deps;
    const response = body as AuthenticationResponseJSON;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) throw new PasskeyRejectedError();
    const now = clock.now();

    const outcome = await tx.run(async (t) => {
      const issued = await passkeys.takeChallenge(challenge, "sign-in", now, t);
      if (!issued) return { ok: false as const };
      const passkey = await passkeys.lockByCredential(response.id, t);
      if (!passkey) return { ok: false as const };
      const handle = response.response.userHandle;
      if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userId))) return { ok: false as const };
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch((err: unknown) => {
        log.info({ err }, "passkey sign-in refused");
        return null;
      });
      if (!verified?.verified) return { ok: false as const };
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      await passkeys.recordUse(passkey.id, newCounter, credentialBackedUp, now, t);

      const user = await users.findById(passkey.userId, t);
      if (!user || user.erasedAt) return { ok: false as const };
      if (await users.isSuspended(user.id, t)) return { ok: false as const, suspended: true };
      const signedIn = await completeSignIn(users, this.deps, user, now, { address, device }, t);
      await audit.record(t, memberActor(user.id), {
        action: "passkey.used",
        targetKind: "passkey",
        targetId: passkey.id,
        after: { memberId: user.id, counter: newCounter },
      });
      return { ok: true as const, user: signedIn };
    });

    if (!outcome.ok) throw "suspended" in outcome ? new AccountSuspendedError() : new PasskeyRejectedError();
    log.info({ userId: outcome.user.id }, "member signed in with a passkey");
    return publicUserOf(outcome.user, this.deps);
  }
}
