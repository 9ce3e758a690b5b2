import type { AuditService } from "../audit/audit.service";
import type { Config } from "../config";
import type { Database } from "../db/data-source";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { UserRepository } from "../users/user.repository";
import { PasskeySignInService } from "./passkey-sign-in.service";
import { PasskeyRepository } from "./passkeys.repository";
import { PasskeysService } from "./passkeys.service";
import { PasskeysAdminService } from "./passkeys-admin.service";
import { relyingPartyOf } from "./webauthn";

/** Passkeys beside the e-mailed code: the member's own, the sign-in with one, the operator's view. */
export interface PasskeyServices {
  passkeys: PasskeysService;
  passkeySignIn: PasskeySignInService;
  passkeysAdmin: PasskeysAdminService;
}

export interface PasskeyDeps {
  config: Config;
  db: Database;
  tx: Transactor;
  users: UserRepository;
  audit: AuditService;
  clock: Clock;
  log: Logger;
}

export function createPasskeys({ config, db, tx, users, audit, clock, log }: PasskeyDeps): PasskeyServices {
  const passkeys = new PasskeyRepository(db.dataSource);
  // The RP ID and origin are the product's own address (PUBLIC_URL): a passkey works nowhere else.
  const rp = relyingPartyOf(config.publicUrl);
  return {
    passkeys: new PasskeysService({ tx, passkeys, audit, clock, log, rp }),
    passkeySignIn: new PasskeySignInService({
      tx,
      passkeys,
      users,
      audit,
      clock,
      log,
      rp,
      adminEmails: config.adminEmails,
      staffEmails: config.staffEmails,
    }),
    passkeysAdmin: new PasskeysAdminService({ tx, passkeys, users, audit }),
  };
}
