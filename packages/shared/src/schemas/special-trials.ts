import { z } from "zod";
import { COMPLETE_ANSWER } from "../rules/challenges";
import { DATA_URL, NOT_BLANK } from "./documented";

/** Largest decoded uploads the server keeps (DESIGN.md section 6). */
export const OATH_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;
/** What the signature file input offers (spec 001 section 9: "PNG, JPG, JPEG"). */
export const SIGNATURE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

/** The special trials' texts (spec 001 sections 5 and 8) and the server's refusals of their uploads. */
export const SpecialTrialMessages = {
  oathAnswer: "The oath is sealed with your voice, not answered in words",
  contractAnswer: "The contract is sealed with your name and signature, not answered in words",
  oathMissing: "Please record your oath before sealing it",
  oathNotWebm: "The recording must be audio/webm",
  oathTooLarge: "The recording is too large (at most 5 MB)",
  nameRequired: "You must sign your name to seal the contract.",
  signatureRequired: "Please upload an image of your signature.",
  invalidFile: "Please upload an image file for your signature.",
  signatureTooLarge: "The signature image is too large (at most 2 MB)",
  incomplete: "You must read and agree to all terms before sealing the contract.",
  covenantClaimed: "This covenant has already been claimed by another soul. Only one exchange was permitted.",
  malformedUpload: "The upload is not a valid base64 data URL",
  truncatedUpload: "The upload is incomplete: its file is cut short",
} as const;

/** Longest typed name on the covenant. */
export const CONTRACT_NAME_MAX_LENGTH = 120;

/**
 * The answer of a sealed trial: the mark-complete word (spec section 7). Checked by a refinement,
 * so the word appears in no schema document (answers never leave the server, even this one).
 */
const sealAnswer = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => value.trim() === COMPLETE_ANSWER, { error: message })
    .describe("the mark-complete answer");

/** POST /api/trials/{slug}/oath: the mark-complete answer and the recording as a data URL of audio/webm. */
export const oathBody = z.object({
  answer: sealAnswer(SpecialTrialMessages.oathAnswer),
  audioRecording: z
    .string({ error: SpecialTrialMessages.oathMissing })
    .min(1, { error: SpecialTrialMessages.oathMissing })
    .meta({ ...DATA_URL, description: "data:audio/webm[;codecs=...];base64,<the recording>" }),
});
export type OathBody = z.input<typeof oathBody>;

/**
 * POST /api/trials/{slug}/covenant: the typed full name, the signature as an image data URL and
 * both checkboxes (read, agree). Each refusal carries the spec's message.
 */
export const covenantBody = z.object({
  answer: sealAnswer(SpecialTrialMessages.contractAnswer),
  contractName: z
    .string({ error: SpecialTrialMessages.nameRequired })
    .trim()
    .min(1, { error: SpecialTrialMessages.nameRequired })
    .max(CONTRACT_NAME_MAX_LENGTH, { error: `Your name may be at most ${CONTRACT_NAME_MAX_LENGTH} characters` })
    .meta(NOT_BLANK),
  signature: z
    .string({ error: SpecialTrialMessages.signatureRequired })
    .min(1, { error: SpecialTrialMessages.signatureRequired })
    .meta({ ...DATA_URL, description: "data:image/png;base64,<the image> (or image/jpeg)" }),
  read: z.literal(true, { error: SpecialTrialMessages.incomplete }),
  agree: z.literal(true, { error: SpecialTrialMessages.incomplete }),
});
export type CovenantBody = z.input<typeof covenantBody>;

/** Answer of the special trials' own calls: the oath, the covenant, the favour's claim and sign-up (spec 001 section 7: success, credits, message). */
export const specialTrialAnswer = z.object({
  success: z.boolean(),
  credits: z.number().int().nonnegative(),
  message: z.string(),
});
export type SpecialTrialAnswer = z.infer<typeof specialTrialAnswer>;

/** GET /api/trials/uploads/{id}: a stored upload by its random id. */
export const uploadParams = z.object({ id: z.uuid() });
export type UploadParams = z.infer<typeof uploadParams>;

/** What a stored upload is. */
export const uploadKind = z.enum(["oath_audio", "signature"]);
export type UploadKind = z.infer<typeof uploadKind>;

/** GET /api/trials/{slug}/uploads: the member's own uploads for a trial (never another member's). */
export const myUploadsAnswer = z.object({
  uploads: z.array(
    z.object({
      id: z.uuid(),
      kind: uploadKind,
      mime: z.string(),
      size: z.number().int().nonnegative(),
      createdAt: z.string(),
      /** Where the owner reads it: GET /api/trials/uploads/{id}. */
      url: z.string(),
    }),
  ),
});
export type MyUploadsAnswer = z.infer<typeof myUploadsAnswer>;
