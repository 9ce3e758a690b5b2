import { Signer } from "@fastify/cookie";
import { describe, expect, it } from "vitest";
import { RememberingSigner } from "../src/plugins/session";

const SECRET = "a-session-secret-of-at-least-thirty-two-characters";

describe("the session cookie's signer", () => {
  it("answers as @fastify/cookie's signer does, the first time and every time after", () => {
    const plain = new Signer(SECRET);
    const remembering = new RememberingSigner(SECRET);
    for (let round = 0; round < 3; round++) {
      for (const id of ["sid-1", "sid-2", "sid.with.dots"]) {
        const signed = remembering.sign(id);
        expect(signed).toBe(plain.sign(id));
        expect(remembering.unsign(signed)).toEqual(plain.unsign(signed));
        expect(remembering.unsign(signed)).toEqual({ valid: true, renew: false, value: id });
      }
    }
  });

  it("refuses a forged or altered signature every time, also for an id it has verified", () => {
    const signer = new RememberingSigner(SECRET);
    const signed = signer.sign("sid-1");
    expect(signer.unsign(signed).valid).toBe(true);
    const forged = `sid-1.${"A".repeat(43)}`;
    const other = new RememberingSigner("another-secret-of-at-least-thirty-two-chars").sign("sid-1");
    for (let round = 0; round < 2; round++) {
      expect(signer.unsign(forged)).toEqual({ valid: false, renew: false, value: null });
      expect(signer.unsign(other)).toEqual({ valid: false, renew: false, value: null });
      expect(signer.unsign(`${signed}x`).valid).toBe(false);
      expect(signer.unsign("sid-1").valid).toBe(false);
    }
  });

  it("stays bounded however many sessions it sees", () => {
    const signer = new RememberingSigner(SECRET);
    for (let i = 0; i < 10_050; i++) signer.unsign(signer.sign(`sid-${i}`));
    // The first ones were forgotten, not wrongly answered: checked again in full.
    expect(signer.unsign(new Signer(SECRET).sign("sid-0"))).toEqual({ valid: true, renew: false, value: "sid-0" });
    const sizes = signer as unknown as { signed: Map<string, string>; verified: Map<string, string> };
    expect(sizes.signed.size).toBeLessThanOrEqual(10_000);
    expect(sizes.verified.size).toBeLessThanOrEqual(10_000);
  });
});
