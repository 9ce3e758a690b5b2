import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from "@playwright/test";
import { GATE_WORD, type RunningProduct } from "./server";

let n = 0;

/** A new member's address, unique in the run. */
export const memberEmail = (label: string) => `${label}.${Date.now().toString(36)}${++n}@e2e.example`;

export interface SignedInMember {
  id: string;
  email: string;
  referralCode: string;
}

/**
 * Signs `email` in through the API (the code read from the product's SMTP sink), so the
 * context's pages open as that member; sign-in itself has journeys of its own. `gate: true`
 * also gives the Bidding Hall's word, which the server keeps for the member.
 */
export async function signInByApi(
  product: RunningProduct,
  context: BrowserContext | { request: APIRequestContext },
  email: string,
  options: { gate?: boolean } = {},
): Promise<SignedInMember> {
  const sent = await context.request.post(`${product.baseUrl}/api/auth/send-code`, { data: { email } });
  expect(sent.ok()).toBe(true);
  const verified = await context.request.post(`${product.baseUrl}/api/auth/verify-code`, {
    data: { email, code: await product.readCode(email) },
  });
  expect(verified.ok()).toBe(true);
  if (options.gate) await passGate(product, context.request);
  const { user } = (await verified.json()) as { user: { id: string; referralCode: string } };
  return { id: user.id, email, referralCode: user.referralCode };
}

/** Gives the Bidding Hall's word through the API (the lots are behind it). */
export async function passGate(product: RunningProduct, request: APIRequestContext): Promise<void> {
  const opened = await request.post(`${product.baseUrl}/api/gate`, { data: { password: GATE_WORD } });
  expect(opened.ok()).toBe(true);
}

/** A new browser context signed in as `email` by the API (see `signInByApi`). */
export async function signedInContext(
  browser: Browser,
  product: RunningProduct,
  email: string,
  options: BrowserContextOptions & { gate?: boolean } = {},
): Promise<BrowserContext> {
  const { gate, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  await signInByApi(product, context, email, { gate });
  return context;
}

/** The state of a member signed in by the API, for contexts that open as them without a new code each. */
export type SignedInState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** `email` signed in once by the API: the state to open contexts as them (one code per address a minute). */
export async function signedInState(browser: Browser, product: RunningProduct, email: string): Promise<SignedInState> {
  const context = await signedInContext(browser, product, email);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Signs in on the entry form the page shows, as a member types it: e-mail, the mailed code, Enter. */
export async function signInOnPage(page: Page, product: RunningProduct, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel("Verification code").fill(await product.readCode(email));
  await page.getByRole("button", { name: "Enter", exact: true }).click();
}
