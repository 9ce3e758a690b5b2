import { z } from "zod";
import { Messages } from "../errors";

/** The entry page's own check: non-empty and containing '@'. */
export function looksLikeEmail(input: string): boolean {
  const value = input.trim();
  return value.length > 0 && value.includes("@");
}

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** The server's check: one address of the form local@domain.tld, no spaces, at most 254 chars. */
export const emailSchema = z
  .string({ error: Messages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: Messages.invalidEmail })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: Messages.invalidEmail });
