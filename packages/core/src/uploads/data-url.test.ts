import { SpecialTrialMessages } from "@bm/shared";
import { describe, expect, it } from "vitest";
import { PayloadTooLargeError, ValidationError } from "../errors";
import { decodeOathAudio, decodeSignature } from "./upload-strategies";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(16, 7),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("IEND", "latin1"),
  Buffer.from([0xae, 0x42, 0x60, 0x82]),
]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);
const url = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("not refused");
};

describe("uploads: data URLs decoded and typed by their bytes", () => {
  it("takes a webm recording with codec parameters and types it from its bytes", () => {
    const decoded = decodeOathAudio(url("audio/webm;codecs=opus", WEBM));
    expect([decoded.mime, decoded.family, decoded.bytes.equals(WEBM)]).toEqual(["audio/webm", "webm", true]);
  });

  it("takes a PNG signature declared image/png", () => {
    expect(decodeSignature(url("image/png", PNG)).mime).toBe("image/png");
  });

  it("refuses a PNG declared as audio and text declared as an image", () => {
    const renamed = refusal(() => decodeOathAudio(url("audio/webm", PNG)));
    expect(renamed).toBeInstanceOf(ValidationError);
    expect((renamed as Error).message).toBe(SpecialTrialMessages.oathNotWebm);
    const text = refusal(() => decodeSignature(url("image/png", Buffer.from("hello, not an image"))));
    expect((text as Error).message).toBe(SpecialTrialMessages.invalidFile);
  });

  it("refuses from the base64's length, before decoding, what is over the limit (413)", () => {
    const huge = `data:image/png;base64,${"A".repeat(4 * 1024 * 1024)}`;
    const error = refusal(() => decodeSignature(huge));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as Error).message).toBe(SpecialTrialMessages.signatureTooLarge);
  });

  it("refuses malformed, empty and cut-short data URLs with 400", () => {
    const full = url("image/png", PNG);
    for (const bad of [full.slice(0, -1), "data:image/png;base64,", "data:image/png;base64,****", "image/png,AAAA"]) {
      const error = refusal(() => decodeSignature(bad));
      expect([error instanceof ValidationError, (error as Error).message]).toEqual([
        true,
        SpecialTrialMessages.malformedUpload,
      ]);
    }
    const cut = refusal(() => decodeSignature(full.slice(0, full.length - 8)));
    expect((cut as Error).message).toBe(SpecialTrialMessages.truncatedUpload);
  });
});
