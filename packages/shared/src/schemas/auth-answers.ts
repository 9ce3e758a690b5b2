import * as z from "zod/mini";

/**
 * The answers every page's first paint waits for (who is signed in) and the sign-in's own, written
 * with zod's tree-shakable build: the app's entry parses them itself as they arrive, with about
 * 6 kB of zod instead of waiting for the whole library (24 kB) before anything can render. They
 * are ordinary zod schemas to everyone else (the API's validation and its OpenAPI document).
 */

/** Money as the API sends it: a numeric string with two decimals. */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  isAdmin: z.boolean(),
  isStaff: z.boolean(),
  mpcBalance: z.string().check(z.regex(MONEY_PATTERN)),
  referralCode: z.nullable(z.string()),
  /** Past the Bidding Hall's gate (gave the word once, on any device; staff and admins always). */
  gateOpen: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

export const verifyCodeAnswer = z.object({
  message: z.string(),
  user: authUser,
  isNewUser: z.boolean(),
  referralApplied: z.boolean(),
});
export type VerifyCodeAnswer = z.infer<typeof verifyCodeAnswer>;
