import { type BrowserContext, expect } from "@playwright/test";
import type { RunningProduct } from "./server";

let n = 0;

/** A new member's address, unique in the run. */
export const memberEmail = (label: string) => `${label}.${Date.now().toString(36)}${++n}@e2e.example`;

/**
 * Signs `email` in through the API (the code read from the product's SMTP sink), so the
 * context's pages open as that member; sign-in itself has journeys of its own.
 */
export async function signInByApi(product: RunningProduct, context: BrowserContext, email: string): Promise<void> {
  const sent = await context.request.post(`${product.baseUrl}/api/auth/send-code`, { data: { email } });
  expect(sent.ok()).toBe(true);
  const verified = await context.request.post(`${product.baseUrl}/api/auth/verify-code`, {
    data: { email, code: await product.readCode(email) },
  });
  expect(verified.ok()).toBe(true);
}
