/**
 * The social rite's codes: letters and digits a reader cannot confuse in a comment (no 0/O,
 * 1/I/L), SOCIAL_CODE_LENGTH long, never more than the table's 20 characters.
 */
export const SOCIAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const SOCIAL_CODE_LENGTH = 8;
export const SOCIAL_CODE_MAX_LENGTH = 20;

export const SocialRiteMessages = {
  noCodes: "Please enter some codes to process",
  noValidCodes: "Could not extract any valid codes from the input",
  tooMany: "Too many codes at once: process at most 1000",
} as const;

/** Codes in one processing call, at most. */
export const SOCIAL_CODES_PER_BATCH = 1000;

/**
 * What the operator pasted, as codes: split on newlines, commas and whitespace, trimmed,
 * upper-cased, empties dropped, each code once (first occurrence order).
 */
export function parseSocialCodes(input: string | readonly string[]): string[] {
  const text = typeof input === "string" ? input : input.join("\n");
  const codes = text
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== "");
  return [...new Set(codes)];
}

/** Whether an input holds nothing but whitespace and separators ('No codes provided'). */
export function isBlankCodeInput(input: string | readonly string[]): boolean {
  const text = typeof input === "string" ? input : input.join("");
  return text.trim() === "";
}
