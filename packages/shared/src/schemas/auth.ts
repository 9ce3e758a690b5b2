import { z } from "zod";
import { CODE_LENGTH, REFERRAL_CODE_MAX_LENGTH } from "../constants";
import { Messages } from "../errors";
import { isDeliverableAddress } from "../rules/deliverable-address";
import { MONEY_PATTERN } from "./auth-answers";

/**
 * The server's e-mail check (see `isDeliverableAddress`). Kept beside the schemas, not in the rule,
 * so a page that only needs `looksLikeEmail` does not load zod.
 */
export const emailSchema = z
  .string({ error: Messages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: Messages.invalidEmail })
  .refine(isDeliverableAddress, { error: Messages.invalidEmail })
  // The refinement has no JSON Schema form: the document says "an e-mail address" in its own words.
  .meta({ format: "email" });

export const sendCodeBody = z.object({ email: emailSchema });
export type SendCodeBody = z.infer<typeof sendCodeBody>;

export const verifyCodeBody = z.object({
  email: emailSchema,
  code: z
    .string({ error: Messages.invalidCode })
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: Messages.invalidCode }),
  referralCode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .nullable()
    .transform((v) => (v ? v.slice(0, REFERRAL_CODE_MAX_LENGTH * 2) : undefined)),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

/** Money as the API sends it: a numeric string with two decimals. */
export const moneyString = z.string().regex(MONEY_PATTERN);

export {
  type AuthUser,
  authUser,
  type MessageAnswer,
  messageAnswer,
  type VerifyCodeAnswer,
  verifyCodeAnswer,
} from "./auth-answers";

/**
 * Every error answer of the API: what the member reads, and a stable code. One OpenAPI component
 * (`ErrorAnswer`) that every declared error status refers to.
 */
export const errorAnswer = z
  .object({ message: z.string(), code: z.string().optional() })
  .meta({ id: "ErrorAnswer", description: "An error: `message` is what the member reads, `code` a stable code" });
export type ErrorAnswer = z.infer<typeof errorAnswer>;
