import { describe, expect, it } from "vitest";
import { invitationEmails, isOwnAddress } from "./referrals";
import { isBlankCodeInput, parseSocialCodes, SOCIAL_CODE_ALPHABET } from "./social-rite";

describe("the referral panel's addresses", () => {
  it("drops empty slots, trims and lower-cases the others", () => {
    expect(invitationEmails(["", " Raven@House.Test ", "  "])).toEqual(["raven@house.test"]);
  });

  it("knows one's own address and its +aliases, not another's", () => {
    expect(isOwnAddress("raven@house.test", "raven@house.test")).toBe(true);
    expect(isOwnAddress("raven+two@house.test", "raven@house.test")).toBe(true);
    expect(isOwnAddress("raven@house.test", "raven+mine@house.test")).toBe(true);
    expect(isOwnAddress("raven@other.test", "raven@house.test")).toBe(false);
    expect(isOwnAddress("ravens@house.test", "raven@house.test")).toBe(false);
  });
});

describe("the social rite's codes", () => {
  it("splits on newlines, commas and whitespace, trims, upper-cases, drops empties, keeps each once", () => {
    expect(parseSocialCodes("ab12cd, AB12CD\n\tqq9  ,,\r\nzz")).toEqual(["AB12CD", "QQ9", "ZZ"]);
    expect(parseSocialCodes(["x y", "X"])).toEqual(["X", "Y"]);
    expect(parseSocialCodes(" , ,")).toEqual([]);
  });

  it("tells blank input from input without codes", () => {
    expect(isBlankCodeInput(["", "  \n"])).toBe(true);
    expect(isBlankCodeInput(",")).toBe(false);
  });

  it("uses no character a reader could confuse", () => {
    for (const c of "0O1IL") expect(SOCIAL_CODE_ALPHABET).not.toContain(c);
  });
});
