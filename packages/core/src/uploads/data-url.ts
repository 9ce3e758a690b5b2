import { SpecialTrialMessages } from "@bm/shared";
import { PayloadTooLargeError, ValidationError } from "../errors";

/** The file families the server recognises by their first bytes. */
export type FileFamily = "png" | "jpeg" | "webp" | "webm";

/** The content type each family is stored and served as (the bytes decide, never the sender). */
export const FAMILY_MIME: Record<FileFamily, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  webm: "audio/webm",
};

const MAGIC: [FileFamily, number[]][] = [
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["jpeg", [0xff, 0xd8, 0xff]],
  ["webm", [0x1a, 0x45, 0xdf, 0xa3]],
];

/** The family of a file by its magic number, or null for anything else. */
export function detectFamily(bytes: Uint8Array): FileFamily | null {
  // A WebP is a RIFF container whose form type (bytes 8 to 11) is WEBP.
  if (bytes.length >= 12 && latin1(bytes, 0, 4) === "RIFF" && latin1(bytes, 8, 12) === "WEBP") return "webp";
  for (const [family, magic] of MAGIC) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return family;
  }
  return null;
}

/**
 * Whether an image's bytes run to their end marker: a PNG ends with its IEND chunk, a JPEG with
 * FF D9. A data URL cut short on a 4-character boundary still decodes; this is what tells.
 */
export function isComplete(family: FileFamily, bytes: Uint8Array): boolean {
  if (family === "png") {
    const tail = Buffer.from(bytes.subarray(bytes.length - 8, bytes.length - 4)).toString("latin1");
    return bytes.length >= 8 + 12 && tail === "IEND";
  }
  // A RIFF container states its own length after its first 8 bytes.
  if (family === "webp") return bytes.length >= 12 && Buffer.from(bytes).readUInt32LE(4) + 8 <= bytes.length;
  if (family === "jpeg")
    return bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  return true;
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString("latin1");
}

export interface DecodedUpload {
  /** The declared type, lower-cased, without its parameters (`audio/webm;codecs=opus` -> `audio/webm`). */
  declaredMime: string;
  family: FileFamily;
  /** The type the bytes say: what is stored and served. */
  mime: string;
  bytes: Buffer;
}

export interface DecodeRules {
  maxBytes: number;
  tooLarge: string;
  /** Whether the declared type and the detected family make an acceptable file. */
  accepts(declaredMime: string, family: FileFamily | null): boolean;
  /** The message when they do not. */
  wrongType: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const HEADER = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)((?:;[a-z0-9!#$&^_.+-]+=[^;,]*)*);base64$/i;

/**
 * Decodes `data:<mime>[;param=value...];base64,<payload>`. Refuses (400) a malformed or empty one,
 * refuses (413) one over `maxBytes` from the payload's length before decoding it, and refuses
 * (400) bytes whose real type the rules do not accept, whatever was declared.
 */
export function decodeDataUrl(value: string, rules: DecodeRules): DecodedUpload {
  const comma = value.indexOf(",");
  // A header is short: a comma far in is not a header's end.
  if (comma < 0 || comma > 256) throw new ValidationError(SpecialTrialMessages.malformedUpload);
  const header = HEADER.exec(value.slice(0, comma));
  if (!header?.[1]) throw new ValidationError(SpecialTrialMessages.malformedUpload);
  const payloadLength = value.length - comma - 1;
  // Sized from the text before any byte is decoded (4 characters carry 3 bytes).
  if (Math.floor((payloadLength * 3) / 4) - 2 > rules.maxBytes) throw new PayloadTooLargeError(rules.tooLarge);
  const payload = value.slice(comma + 1);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new ValidationError(SpecialTrialMessages.malformedUpload);
  }
  const bytes = Buffer.from(payload, "base64");
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  if (bytes.length === 0 || bytes.length !== (payload.length / 4) * 3 - padding) {
    throw new ValidationError(SpecialTrialMessages.malformedUpload);
  }
  if (bytes.length > rules.maxBytes) throw new PayloadTooLargeError(rules.tooLarge);
  const declaredMime = header[1].toLowerCase();
  const family = detectFamily(bytes);
  if (!rules.accepts(declaredMime, family) || family === null) throw new ValidationError(rules.wrongType);
  if (!isComplete(family, bytes)) throw new ValidationError(SpecialTrialMessages.truncatedUpload);
  return { declaredMime, family, mime: FAMILY_MIME[family], bytes };
}
