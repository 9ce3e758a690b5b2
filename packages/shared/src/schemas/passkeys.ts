import { z } from "zod";

/**
 * Passkeys beside the e-mailed code (issue 31): a member enrols one per device after a code
 * sign-in, signs in with it from the browser's autofill or a button, names and removes them; an
 * admin sees and revokes them. The code always stays the way back in.
 */
export const PasskeyMessages = {
  /** Any assertion the House cannot accept: unknown or removed passkey, spent or stale challenge, bad signature. */
  rejected: "That passkey could not be verified. Try again, or sign in with the code sent to your e-mail.",
  /** An attestation that does not verify (wrong challenge, origin, or no user verification). */
  notEnrolled: "The passkey could not be created. Try again.",
  alreadyEnrolled: "This passkey is already kept for your account.",
  notFound: "Passkey not found",
  nameRequired: "Give the passkey a name",
  nameTooLong: "A passkey's name is at most 64 characters",
  nameInvalid: "A passkey's name cannot hold control characters",
  malformed: "The passkey's answer is malformed",
  enrolled: "Passkey created",
  renamed: "Passkey renamed",
  removed: "Passkey removed",
  revoked: "Passkey revoked",
  tooMany: "At most 20 passkeys per account. Remove one first.",
} as const;

/** How long a ceremony's challenge lives on the server (single use). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;
/** "Not now" hides the offer for at most this long. */
export const PASSKEY_OFFER_SNOOZE_DAYS = 14;
export const PASSKEY_NAME_MAX = 64;
export const PASSKEYS_PER_MEMBER_MAX = 20;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is exactly about control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const passkeyName = z
  .string({ error: PasskeyMessages.nameRequired })
  .trim()
  .min(1, PasskeyMessages.nameRequired)
  .max(PASSKEY_NAME_MAX, PasskeyMessages.nameTooLong)
  .refine((name) => !CONTROL.test(name), PasskeyMessages.nameInvalid);

/** Base64url as WebAuthn's JSON spells its bytes (no padding). */
const b64url = (max: number) =>
  z
    .string({ error: PasskeyMessages.malformed })
    .max(max, PasskeyMessages.malformed)
    .regex(/^[A-Za-z0-9_-]*$/, PasskeyMessages.malformed);

const transports = z
  .array(z.string().max(32, PasskeyMessages.malformed), { error: PasskeyMessages.malformed })
  .max(10, PasskeyMessages.malformed);

const credentialId = b64url(1400).min(1, PasskeyMessages.malformed);
/** The extensions' results the House reads (none it needs: others are dropped). */
const extensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** `navigator.credentials.create()`'s answer as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: PasskeyMessages.malformed }),
  response: z.object(
    {
      clientDataJSON: b64url(4096),
      attestationObject: b64url(16_384),
      authenticatorData: b64url(16_384).optional(),
      transports: transports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4096).optional(),
    },
    { error: PasskeyMessages.malformed },
  ),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

/** `navigator.credentials.get()`'s answer (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: PasskeyMessages.malformed }),
  response: z.object(
    {
      clientDataJSON: b64url(4096),
      authenticatorData: b64url(4096),
      signature: b64url(2048),
      userHandle: b64url(256).optional(),
    },
    { error: PasskeyMessages.malformed },
  ),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});
export type AuthenticationResponseBody = z.infer<typeof authenticationResponse>;

const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

/** The extensions the server asks for (credProps: whether the passkey is discoverable). */
const extensions = z.object({ credProps: z.boolean().optional() });

/** What `startRegistration({ optionsJSON })` takes (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: extensions.optional(),
});

/** What `startAuthentication({ optionsJSON })` takes (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensions.optional(),
});

export const passkeyEnrolBody = z.object({
  response: registrationResponse,
  name: passkeyName.optional(),
});
export type PasskeyEnrolBody = z.input<typeof passkeyEnrolBody>;

export const passkeySignInBody = z.object({ response: authenticationResponse });
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

export const passkeyRenameBody = z.object({ name: passkeyName });
export type PasskeyRenameBody = z.input<typeof passkeyRenameBody>;

export const passkeyIdParams = z.object({ id: z.uuid(PasskeyMessages.notFound) });

/** One passkey as its member (or an admin) sees it: never its key, never its credential id. */
export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO instants. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced across the member's devices (a multi-device credential). */
  synced: z.boolean(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeyList = z.object({ passkeys: z.array(passkey) });
export type PasskeyList = z.infer<typeof passkeyList>;

/** Whether to offer the member a passkey for this device now (after a code sign-in). */
export const passkeyOffer = z.object({ offer: z.boolean() });
export type PasskeyOffer = z.infer<typeof passkeyOffer>;

export const PASSKEY_OFFER_CHOICES = ["later", "never"] as const;
export const passkeyOfferBody = z.object({
  choice: z.enum(PASSKEY_OFFER_CHOICES, { error: "Choose 'later' or 'never'" }),
});
export type PasskeyOfferChoice = z.infer<typeof passkeyOfferBody>["choice"];
