import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sendCodeBody } from "./auth";
import { trialSubmitBody } from "./challenges";
import { lotBidBody } from "./lots";

type Json = { properties: Record<string, { anyOf?: { type: string; pattern?: string }[] }> } & Record<string, unknown>;

/** The body's JSON Schema as the OpenAPI document shows it (what a client reads). */
const documented = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;

describe("the document says what the server takes, no looser", () => {
  it("a string bid amount: the documented pattern takes exactly what the server takes", () => {
    const branches = documented(lotBidBody).properties.amount?.anyOf ?? [];
    const pattern = new RegExp(branches.find((b) => b.type === "string")?.pattern ?? "^$");
    const samples = [
      "10",
      "10.5",
      "10.50",
      " 10.50 ",
      "0",
      "00000012.34",
      "99999999.99",
      "100000000",
      "123456789",
      "10.505",
      "-5",
      "-0",
      "1e5",
      "",
      " ",
      ".5",
      "5.",
      "+5",
      "NaN",
      "Infinity",
      "1,000",
      "９",
    ];
    for (const amount of samples) {
      const server = lotBidBody.safeParse({ amount }).success;
      expect(pattern.test(amount), JSON.stringify(amount)).toBe(server);
    }
    expect(branches.find((b) => b.type === "number")).toMatchObject({ minimum: 0, maximum: 99_999_999.99 });
  });

  it("credits: the documented pattern takes the empty string and what the server takes", () => {
    const branches = documented(lotBidBody).properties.creditsUsed?.anyOf ?? [];
    const pattern = new RegExp(branches.find((b) => b.type === "string")?.pattern ?? "^$");
    for (const creditsUsed of ["", "5", "5.25", " 5 ", "   ", "-1", "5.255", "x"]) {
      const server = lotBidBody.safeParse({ amount: "10", creditsUsed }).success;
      expect(pattern.test(creditsUsed), JSON.stringify(creditsUsed)).toBe(server);
    }
    expect(branches.map((b) => b.type)).toContain("null");
  });

  it("says the e-mail is an e-mail address, and a trial's answer needs an answer or a confession", () => {
    expect(documented(sendCodeBody).properties.email).toMatchObject({ type: "string", format: "email" });
    expect(documented(trialSubmitBody).anyOf).toEqual([{ required: ["answer"] }, { required: ["confession"] }]);
    expect(trialSubmitBody.safeParse({}).success).toBe(false);
    expect(trialSubmitBody.safeParse({ confession: "I did" }).success).toBe(true);
  });
});
