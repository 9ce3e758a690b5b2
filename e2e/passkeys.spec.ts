import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { memberEmail, signInOnPage } from "./support/members";
import { useProduct } from "./support/product";
import { expectToast } from "./support/toasts";

// On `localhost`: a passkey's RP ID is PUBLIC_URL's host, and WebAuthn takes no IP address.
const product = useProduct({}, { localhost: true });

/** With SHOTS_DIR set, the page as it stands, for a person to look at (not an assertion). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey store that verifies its user. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
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

async function signOut(page: Page): Promise<void> {
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

test("a member keeps a passkey after a code sign-in, then enters with it from the autofill and from the button", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const authenticator = await virtualAuthenticator(page);
  const email = memberEmail("passkey");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  // A code sign-in, then the offer of a passkey for this device: one tap.
  await page.goto(`${product.baseUrl}/enter`);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await signInOnPage(page, product, email);
  const offer = page.getByRole("dialog", { name: "Keep a Passkey on This Device?" });
  await expect(offer).toBeVisible();
  await shot(page, "passkey-offer-phone");
  await offer.getByRole("button", { name: "Create a passkey" }).click();
  await expectToast(page, "Passkey Created");
  await expect(offer).toBeHidden();
  const { credentials } = await authenticator.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // The member's passkeys: named after this browser, renamed by keyboard.
  await page.goto(`${product.baseUrl}/passkeys`);
  await expect(page.getByRole("heading", { name: "Passkeys", level: 1 })).toBeVisible();
  const rename = page.getByRole("button", { name: /^Rename / });
  await rename.focus();
  await page.keyboard.press("Enter");
  const field = page.getByLabel("Name of this passkey");
  await expect(field).toBeFocused();
  await field.fill("My phone");
  await page.keyboard.press("Enter");
  await expect(page.getByText("My phone", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Rename My phone" })).toBeFocused();
  await expect(page.getByText("Not used yet")).toBeVisible();
  await shot(page, "passkeys-list-phone");

  // Signed out: the autofill offers the passkey; Chromium's virtual authenticator answers the
  // conditional request by itself, and the member is in.
  await signOut(page);
  await page.goto(`${product.baseUrl}/enter`);
  await page.getByLabel("Email").focus();
  await expect(page).toHaveURL(/\/sanctum$/, { timeout: 15_000 });
  await expect(page.getByRole("dialog", { name: "Keep a Passkey on This Device?" })).toBeHidden();
  await shot(page, "passkey-signed-in-phone");

  // The button: its request replaces the autofill's, and no error is shown for the one aborted.
  // The passkey is taken off the authenticator while the page starts, so the autofill's request
  // stays pending (with it there, the virtual authenticator answers that request at once, as
  // above), and put back before the button's request replaces it.
  await signOut(page);
  const [kept] = (await authenticator.cdp.send("WebAuthn.getCredentials", { authenticatorId: authenticator.id }))
    .credentials;
  if (!kept) throw new Error("the passkey is gone");
  await authenticator.cdp.send("WebAuthn.removeCredential", {
    authenticatorId: authenticator.id,
    credentialId: kept.credentialId,
  });
  const asked: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/auth/passkey/")) asked.push(new URL(req.url()).pathname);
  });
  const optionsAsked = page.waitForResponse((res) => res.url().endsWith("/api/auth/passkey/options"));
  await page.goto(`${product.baseUrl}/enter`);
  await optionsAsked;
  await page.getByLabel("Email").focus();
  await authenticator.cdp.send("WebAuthn.addCredential", { authenticatorId: authenticator.id, credential: kept });
  await expect(page).toHaveURL(/\/enter$/);
  // The entry page with the autofill's request pending on the focused field.
  await shot(page, "passkey-sign-in-autofill-pending-phone");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/sanctum$/, { timeout: 15_000 });
  await expect(page.getByText("Access Denied")).toHaveCount(0);
  await expect(page.getByText("Passkey Unavailable")).toHaveCount(0);
  // The autofill's challenge was never answered: one sign-in, by the button's.
  expect(asked).toEqual(["/api/auth/passkey/options", "/api/auth/passkey/options", "/api/auth/passkey/sign-in"]);

  await page.goto(`${product.baseUrl}/passkeys`);
  await expect(page.getByText(/Last used/)).toBeVisible();
  expect(errors).toEqual([]);
});
