import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import type { Actor } from "../audit/actor";

/** The relying party: the product's own origin (PUBLIC_URL), its host the RP ID. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: "The Black Market", origin: url.origin };
}

/** Ceremonies wait this long for the member (the challenge lives as long: PASSKEY_CHALLENGE_TTL_SECONDS). */
export const CEREMONY_TIMEOUT_MS = 300_000;

/** ES256, EdDSA and RS256: what platform authenticators and security keys sign with. */
export const SUPPORTED_ALGORITHMS = [-7, -8, -257];

/** The challenge the client signed, read from its clientDataJSON; null when that is not JSON with one. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

/** The WebAuthn user handle of a member: their id's 16 bytes (nothing personal). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ""), "hex"));
}

/**
 * A member acting on their own passkeys, as the audit trail records them: by id alone. The trail
 * refuses every UPDATE and DELETE, so it must never hold what an erasure would have to remove
 * (their address, where they came from); their id names an account that stays, anonymised.
 */
export function memberActor(userId: string): Actor {
  return { id: userId, email: `member:${userId}`, address: null };
}
