/** The special trials' words (spec 001 sections 5 and 8), verbatim where the spec gives them. */
export const specialCopy = {
  microphoneErrorTitle: "Microphone Error",
  microphoneError: "Unable to access microphone. Please allow microphone permissions.",
  oathRecordedTitle: "Oath Recorded",
  oathRecorded: (credits: number) => `Your oath has been sealed. ${credits} MPC credits awarded.`,
  errorTitle: "Error",
  oathFailed: "Failed to submit oath",
  noWebm: "This browser cannot record the oath as audio/webm. Please use another browser.",
  nameRequiredTitle: "Name Required",
  signatureRequiredTitle: "Signature Required",
  invalidFileTitle: "Invalid File",
  incompleteTitle: "Incomplete",
  contractSealedTitle: "Contract Sealed",
  contractSealed: (credits: number) => `Your soul has been claimed. ${credits} MPC credits awarded.`,
  contractRejectedTitle: "Contract Rejected",
  contractRejected: "The contract could not be sealed.",
  contractFailed: "Failed to seal the contract",
} as const;

/** mm:ss of a duration in whole seconds. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** A file or recording as the data URL the server reads. */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(blob);
  });
}
