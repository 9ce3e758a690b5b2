import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/** A member's passkey: a WebAuthn credential, its public key and the counter it last signed with. */
export interface PasskeyRow {
  id: string;
  userId: string;
  /** The credential's id, base64url (what the browser names it by). */
  credentialId: string;
  /** COSE public key. */
  publicKey: Buffer;
  /** The authenticator's signature counter (0 for authenticators that keep none). */
  counter: string;
  transports: string[] | null;
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  user?: User;
}

export const PasskeyEntity = new EntitySchema<PasskeyRow>({
  name: "Passkey",
  tableName: "passkeys",
  columns: {
    id: col.uuid(),
    userId: col.userRef(),
    credentialId: col.varchar(1400),
    publicKey: { type: "bytea" },
    counter: { type: "bigint", default: 0 },
    transports: col.textList(),
    deviceType: col.varchar(16),
    backedUp: col.bool(false),
    name: col.varchar(64),
    createdAt: col.createdAt(),
    lastUsedAt: col.time(),
  },
  relations: { user: fk("User", "user_id") },
  uniques: [{ name: "uq_passkeys_credential", columns: ["credentialId"] }],
  indices: [{ name: "ix_passkeys_user", columns: ["userId"] }],
});

/**
 * A ceremony's challenge, kept on the server until it is used once or expires: `register` names
 * the member enrolling, `sign-in` nobody yet (the passkey says who).
 */
export interface PasskeyChallengeRow {
  challenge: string;
  purpose: string;
  userId: string | null;
  expiresAt: Date;
  user?: User;
}

export const PasskeyChallengeEntity = new EntitySchema<PasskeyChallengeRow>({
  name: "PasskeyChallenge",
  tableName: "passkey_challenges",
  columns: {
    challenge: { type: "varchar", length: 128, primary: true },
    purpose: col.varchar(16),
    userId: col.userRef(true),
    expiresAt: { type: "timestamptz" },
  },
  relations: { user: fk("User", "user_id") },
  indices: [{ name: "ix_passkey_challenges_expires", columns: ["expiresAt"] }],
});

/** The member's answer to the passkey offer: "not now" until a time, or "never". */
export interface PasskeyOfferRow {
  userId: string;
  snoozedUntil: Date | null;
  never: boolean;
  user?: User;
}

export const PasskeyOfferEntity = new EntitySchema<PasskeyOfferRow>({
  name: "PasskeyOffer",
  tableName: "passkey_offers",
  columns: {
    userId: { type: "uuid", primary: true },
    snoozedUntil: col.time(),
    never: col.bool(false),
  },
  relations: { user: fk("User", "user_id") },
});
