import { type CDPSession, expect, type Page } from "@playwright/test";
import { type SignedInMember, signInByApi } from "./members";
import type { RunningProduct } from "./server";
import { expectToast } from "./toasts";

/** Chromium's virtual authenticator on a page's tab (DevTools protocol), and its id there. */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
}

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey store that verifies its user. */
export async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** Signs the page's member out, as the account panel does. */
export async function signOut(page: Page): Promise<void> {
  const answer = await page.evaluate(async () => {
    const res = await fetch("/api/auth/logout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return res.status;
  });
  expect(answer).toBe(200);
}

/** The page's browser is signed out: the API knows no member for its cookies. */
export async function expectSignedOut(page: Page, product: RunningProduct): Promise<void> {
  expect((await page.request.get(`${product.baseUrl}/api/auth/user`)).status()).toBe(401);
}

/**
 * A new member signed in by the API in the page's context, with a passkey made on their passkeys
 * page and kept by the page's virtual authenticator.
 */
export async function memberWithPasskey(
  page: Page,
  product: RunningProduct,
  authenticator: VirtualAuthenticator,
  email: string,
): Promise<SignedInMember> {
  const member = await signInByApi(product, page.context(), email);
  await page.goto(`${product.baseUrl}/passkeys`);
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  await expectToast(page, "Passkey Created");
  const { credentials } = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  return member;
}

/**
 * Focuses the entry page's e-mail field, as a member about to type would, unless the page has
 * already left for the Sanctum: with the passkey on the authenticator, the virtual authenticator
 * answers the autofill's conditional request as soon as the page makes it, which on a busy
 * machine is before the field can be focused (the focus then waited for a field that was gone).
 */
export async function focusEmailUnlessIn(page: Page): Promise<void> {
  // Whichever comes first; the other wait ends with the page, and what follows asserts the outcome.
  await Promise.race([
    page
      .getByLabel("Email")
      .focus()
      .catch(() => {}),
    page.waitForURL(/\/sanctum$/).catch(() => {}),
  ]);
}

/**
 * The entry page with the autofill's request pending on the focused e-mail field, and the passkey
 * back on the authenticator for the button's request. The passkey is taken off the authenticator
 * while the page starts, so the autofill's request stays pending (with it there, the virtual
 * authenticator answers that request at once), and put back before the caller presses the button.
 */
export async function entryWithAutofillPending(
  page: Page,
  product: RunningProduct,
  authenticator: VirtualAuthenticator,
): Promise<void> {
  const { credentials } = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  const [kept] = credentials;
  if (!kept) throw new Error("the passkey is gone");
  await authenticator.cdp.send("WebAuthn.removeCredential", {
    authenticatorId: authenticator.id,
    credentialId: kept.credentialId,
  });
  const optionsAsked = page.waitForResponse((res) => res.url().endsWith("/api/auth/passkey/options"));
  await page.goto(`${product.baseUrl}/enter`);
  await optionsAsked;
  await page.getByLabel("Email").focus();
  await authenticator.cdp.send("WebAuthn.addCredential", { authenticatorId: authenticator.id, credential: kept });
  await expect(page).toHaveURL(/\/enter$/);
}
