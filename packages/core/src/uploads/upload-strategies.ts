import { createHash, randomUUID } from "node:crypto";
import {
  COMPLETE_ANSWER,
  normaliseAnswer,
  OATH_AUDIO_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  SpecialTrialMessages,
  type UploadKind,
} from "@bm/shared";
import type { AnswerStrategy, Submission, Verdict } from "../challenges/answer-strategy";
import { ValidationError } from "../errors";
import { type DecodedUpload, decodeDataUrl } from "./data-url";
import { insertTrialUpload } from "./trial-uploads.repository";

/** The oath's recording: declared audio/webm (any codecs), bytes of WebM/Matroska, at most 5 MB. */
export function decodeOathAudio(value: string): DecodedUpload {
  return decodeDataUrl(value, {
    maxBytes: OATH_AUDIO_MAX_BYTES,
    tooLarge: SpecialTrialMessages.oathTooLarge,
    wrongType: SpecialTrialMessages.oathNotWebm,
    accepts: (declared, family) => declared === "audio/webm" && family === "webm",
  });
}

/** The covenant's signature: declared an image, bytes of a PNG or a JPEG, at most 2 MB. */
export function decodeSignature(value: string): DecodedUpload {
  return decodeDataUrl(value, {
    maxBytes: SIGNATURE_MAX_BYTES,
    tooLarge: SpecialTrialMessages.signatureTooLarge,
    wrongType: SpecialTrialMessages.invalidFile,
    accepts: (declared, family) =>
      (declared === "image/png" && family === "png") ||
      ((declared === "image/jpeg" || declared === "image/jpg") && family === "jpeg"),
  });
}

/** A right answer that keeps its upload in the winning transaction, and only there. */
function keeping(kind: UploadKind, upload: DecodedUpload, caption: string | null): Verdict {
  const sha256 = createHash("sha256").update(upload.bytes).digest("hex");
  return {
    correct: true,
    attemptedAnswer: "",
    keep: (t, win) =>
      insertTrialUpload(t, {
        id: randomUUID(),
        userId: win.userId,
        trialId: win.challengeId,
        kind,
        mime: upload.mime,
        bytes: upload.bytes,
        sha256,
        caption,
        at: win.at,
      }),
  };
}

function requireComplete(submission: Submission, message: string): void {
  if (submission.answer === undefined || normaliseAnswer(submission.answer) !== COMPLETE_ANSWER) {
    throw new ValidationError(message);
  }
}

/** POST /api/trials/{slug}/oath: the mark-complete answer and a recording of the spoken oath. */
export const oathStrategy: AnswerStrategy = {
  judge(submission) {
    requireComplete(submission, SpecialTrialMessages.oathAnswer);
    if (!submission.audioRecording) throw new ValidationError(SpecialTrialMessages.oathMissing);
    return keeping("oath_audio", decodeOathAudio(submission.audioRecording), null);
  },
};

/** POST /api/trials/{slug}/covenant: a typed name and a signature image (the boxes are the route's schema). */
export const covenantStrategy: AnswerStrategy = {
  judge(submission) {
    requireComplete(submission, SpecialTrialMessages.contractAnswer);
    const name = submission.contractName?.trim();
    if (!name) throw new ValidationError(SpecialTrialMessages.nameRequired);
    if (!submission.signature) throw new ValidationError(SpecialTrialMessages.signatureRequired);
    // The typed name is kept with the signature: a contract without a real name is void.
    return keeping("signature", decodeSignature(submission.signature), name);
  },
};
