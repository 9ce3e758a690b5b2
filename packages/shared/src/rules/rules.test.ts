import { describe, expect, it } from "vitest";
import { emailSchema, sendCodeBody, verifyCodeBody } from "../schemas/auth";
import { isValidCode, sanitizeCodeInput } from "./code";
import { availableCents, creditsForPurchaseLine } from "./credits";
import { looksLikeEmail, normalizeEmail } from "./email";
import { formatMoney, fromCents, isMoneyString, toCents, wholeCredits } from "./money";
import { slugify } from "./slugify";

describe("e-mail rules", () => {
  it("the entry page's check wants a non-empty value containing @", () => {
    expect(looksLikeEmail("")).toBe(false);
    expect(looksLikeEmail("   ")).toBe(false);
    expect(looksLikeEmail("nobody")).toBe(false);
    expect(looksLikeEmail(" a@b ")).toBe(true);
  });

  it("the server's schema trims, lowercases and wants local@domain.tld without spaces", () => {
    expect(emailSchema.parse("  Raven@Night.Example ")).toBe("raven@night.example");
    expect(emailSchema.parse("first.last+tag@mail.xn--p1ai")).toBe("first.last+tag@mail.xn--p1ai");
    for (const bad of [
      "a@b",
      "a b@c.d",
      "@c.d",
      "a@",
      "",
      "a@b c.d",
      `${"x".repeat(250)}@a.bc`,
      "a@[127.0.0.1].x",
      "a@127.0.0.1",
      "a@b.c",
      "a@-b.co",
      "a..b@c.co",
      "a@b@c.co",
      "erased-0b0c@erased.invalid",
    ]) {
      const result = emailSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
    }
    expect(normalizeEmail(" X@Y.Z ")).toBe("x@y.z");
  });

  it("send-code refuses a missing address with the spec's message", () => {
    const result = sendCodeBody.safeParse({});
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});

describe("code rules", () => {
  it("the input keeps digits only, at most six", () => {
    expect(sanitizeCodeInput("12a3-45 678")).toBe("123456");
    expect(sanitizeCodeInput("abc")).toBe("");
  });

  it("a code is exactly six digits", () => {
    expect(isValidCode("123456")).toBe(true);
    expect(isValidCode("12345")).toBe(false);
    expect(isValidCode("1234567")).toBe(false);
    expect(isValidCode("12345a")).toBe(false);
  });

  it("verify-code refuses anything else with 'Please enter the 6-digit verification code'", () => {
    const result = verifyCodeBody.safeParse({ email: "a@b.co", code: "12 34" });
    expect(result.error?.issues[0]?.message).toBe("Please enter the 6-digit verification code");
    expect(verifyCodeBody.parse({ email: "a@b.co", code: "000123", referralCode: "" }).referralCode).toBeUndefined();
  });
});

describe("money in cents", () => {
  it("parses numeric strings and numbers exactly", () => {
    expect(toCents("12.34")).toBe(1234);
    expect(toCents("12.3")).toBe(1230);
    expect(toCents("12")).toBe(1200);
    expect(toCents("-0.05")).toBe(-5);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
  });

  it("refuses what is not an amount", () => {
    expect(() => toCents("1.234")).toThrow(RangeError);
    expect(() => toCents("abc")).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(isMoneyString("10.5")).toBe(true);
    expect(isMoneyString("10.555")).toBe(false);
  });

  it("formats two decimals, signs included", () => {
    expect(fromCents(0)).toBe("0.00");
    expect(fromCents(5)).toBe("0.05");
    expect(fromCents(123456)).toBe("1234.56");
    expect(fromCents(-150)).toBe("-1.50");
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(formatMoney("7")).toBe("7.00");
    expect(formatMoney(3.1)).toBe("3.10");
  });

  it("rounds the header figure to whole credits", () => {
    expect(wholeCredits("12.49")).toBe(12);
    expect(wholeCredits("12.50")).toBe(13);
  });
});

describe("credit rules", () => {
  it("earns 1 credit per 2 dollars, rounded up per product, times quantity", () => {
    expect(creditsForPurchaseLine(toCents("10.00"), 1)).toBe(5);
    expect(creditsForPurchaseLine(toCents("10.01"), 1)).toBe(6);
    expect(creditsForPurchaseLine(toCents("25.00"), 2)).toBe(26);
    expect(creditsForPurchaseLine(toCents("0.50"), 3)).toBe(3);
    expect(creditsForPurchaseLine(0, 3)).toBe(0);
  });

  it("available credits never go below zero", () => {
    expect(availableCents(1000, 300)).toBe(700);
    expect(availableCents(300, 1000)).toBe(0);
  });
});

describe("slugify", () => {
  it("lowercases, joins runs of non-alphanumerics with one hyphen, trims hyphens", () => {
    expect(slugify("The Raven's  Riddle!")).toBe("the-raven-s-riddle");
    expect(slugify("--Day 3: Bones & Ash--")).toBe("day-3-bones-ash");
    expect(slugify("ÉCLAT")).toBe("clat");
    expect(slugify("")).toBe("");
  });
});
