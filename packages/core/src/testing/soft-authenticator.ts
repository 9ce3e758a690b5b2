import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface CeremonyOptions {
  /** User verified (UV flag); true by default. */
  verified?: boolean;
  /** The origin the "browser" puts in clientDataJSON (the relying party's by default). */
  origin?: string;
  /** Signs this challenge instead of the options' own. */
  challenge?: string;
  /** The signature counter to report (the next one by default). */
  counter?: number;
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

/**
 * A software authenticator for the API's tests: ES256 keys from node:crypto, attestation "none" and
 * assertions built byte by byte as WebAuthn lays them out (authenticatorData = rpIdHash | flags |
 * signCount | attestedCredentialData with its COSE key; the signature over authenticatorData |
 * SHA-256(clientDataJSON)), answered as @simplewebauthn/browser's JSON.
 */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  /** Answers `navigator.credentials.create(options)` with a new ES256 credential. */
  register(options: { challenge: string; user: { id: string } }, ceremony: CeremonyOptions = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const id = randomBytes(16);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
        [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
      ]),
    );
    const counter = ceremony.counter ?? 0;
    const credential: Credential = { id, privateKey, userHandle: options.user.id, counter };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.header(ceremony, AT, counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64(id),
      rawId: b64(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge, ceremony),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }

  /** Answers `navigator.credentials.get(options)` with the credential (the newest by default). */
  assert(options: { challenge: string }, ceremony: CeremonyOptions = {}, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error("no credential registered");
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const authData = this.header(ceremony, 0, credential.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, ceremony);
    const signature = sign("sha256", Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientDataJSON))]), {
      key: credential.privateKey,
      dsaEncoding: "der",
    });
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON,
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }

  private header(ceremony: CeremonyOptions, extra: number, counter: number): Buffer {
    const flags = Buffer.from([UP | (ceremony.verified === false ? 0 : UV) | extra]);
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), flags, signCount]);
  }

  private clientData(type: string, challenge: string, ceremony: CeremonyOptions): string {
    const json = JSON.stringify({
      type,
      challenge: ceremony.challenge ?? challenge,
      origin: ceremony.origin ?? this.origin,
      crossOrigin: false,
    });
    return isoBase64URL.fromUTF8String(json);
  }
}
