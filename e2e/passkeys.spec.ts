import { expect, type Page, test } from "@playwright/test";
import { memberEmail, signInByApi, signInOnPage } from "./support/members";
import {
  entryWithAutofillPending,
  expectSignedOut,
  focusEmailUnlessIn,
  memberWithPasskey,
  signOut,
  type VirtualAuthenticator,
  virtualAuthenticator,
} from "./support/passkeys";
import { useProduct } from "./support/product";
import { expectToast } from "./support/toasts";

/** The keeper who suspends a member. */
const ADMIN = "keeper@e2e.example";
// On `localhost`: a passkey's RP ID is PUBLIC_URL's host, and WebAuthn takes no IP address.
const product = useProduct({ ADMIN_EMAILS: ADMIN }, { localhost: true });

/** With SHOTS_DIR set, the page as it stands, for a person to look at (not an assertion). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
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
  await focusEmailUnlessIn(page);
  await expect(page).toHaveURL(/\/sanctum$/, { timeout: 15_000 });
  await expect(page.getByRole("dialog", { name: "Keep a Passkey on This Device?" })).toBeHidden();
  await shot(page, "passkey-signed-in-phone");

  // The button: its request replaces the autofill's, and no error is shown for the one aborted.
  await signOut(page);
  const asked: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/auth/passkey/")) asked.push(new URL(req.url()).pathname);
  });
  await entryWithAutofillPending(page, product, authenticator);
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

/** The API's words for any passkey it cannot accept (PasskeyMessages.rejected), and for a suspended account. */
const REJECTED = "That passkey could not be verified. Try again, or sign in with the code sent to your e-mail.";
const SUSPENDED = "This account is suspended";
const signInRoute = "/api/auth/passkey/sign-in";
const isSignIn = (url: string) => new URL(url).pathname === signInRoute;

/**
 * Presses the entry page's passkey button (the autofill's request pending: `entryWithAutofillPending`)
 * and returns its sign-in's status. The passkey leaves the authenticator as that sign-in is sent, so
 * the autofill offered again after a refusal stays pending: whatever the page then shows is the
 * button's answer, not a second sign-in's (the virtual authenticator would answer that one at once).
 */
async function pressPasskeyButton(page: Page, authenticator: VirtualAuthenticator): Promise<number> {
  const asked: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/auth/passkey/")) asked.push(new URL(req.url()).pathname);
  });
  const [kept] = (await authenticator.cdp.send("WebAuthn.getCredentials", { authenticatorId: authenticator.id }))
    .credentials;
  if (!kept) throw new Error("the passkey is gone");
  await page.route(
    (url) => isSignIn(url.href),
    async (route) => {
      await authenticator.cdp.send("WebAuthn.removeCredential", {
        authenticatorId: authenticator.id,
        credentialId: kept.credentialId,
      });
      await route.continue();
    },
    { times: 1 },
  );
  const answered = page.waitForResponse((res) => isSignIn(res.url()));
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  const status = (await answered).status();
  // Refused, the autofill is offered again (its options asked), and no other sign-in is sent.
  const options = "/api/auth/passkey/options";
  await expect.poll(() => asked).toEqual([options, signInRoute, options]);
  return status;
}

/** The refusal shown on the entry page: the toast, and the words kept under the passkey button. */
async function expectRefusal(page: Page, message: string): Promise<void> {
  await expectToast(page, "Access Denied", message);
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(button).toHaveAccessibleDescription(message);
  await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/enter$/);
}

test("an assertion the browser sent once is refused when sent again", async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  await memberWithPasskey(page, product, authenticator, memberEmail("replayed"));
  await signOut(page);

  // The autofill's sign-in, answered at once by the virtual authenticator: its body kept.
  const sent = page.waitForRequest((req) => req.method() === "POST" && isSignIn(req.url()));
  await page.goto(`${product.baseUrl}/enter`);
  await focusEmailUnlessIn(page);
  const signIn = await sent;
  expect((await signIn.response())?.status()).toBe(200);
  await expect(page).toHaveURL(/\/sanctum$/, { timeout: 15_000 });
  const body: unknown = signIn.postDataJSON();
  expect(body).toMatchObject({ response: { type: "public-key" } });

  await signOut(page);
  const replayed = await page.request.post(`${product.baseUrl}${signInRoute}`, { data: body });
  expect(replayed.status()).toBe(401);
  expect(await replayed.json()).toMatchObject({ code: "INVALID_CODE", message: REJECTED });
  await expectSignedOut(page, product);
});

test("a suspended member's passkey is refused with the code's words, and the member stays out", async ({
  page,
  request,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const member = await memberWithPasskey(page, product, authenticator, memberEmail("suspended"));
  await signInByApi(product, { request }, ADMIN);
  const suspended = await request.post(`${product.baseUrl}/api/admin/members/${member.id}/suspension`, {
    data: { reason: "Passkey journey", voidLeadingBids: false },
  });
  expect(suspended.ok()).toBe(true);
  // The suspension ended the member's session.
  await expectSignedOut(page, product);

  await entryWithAutofillPending(page, product, authenticator);
  expect(await pressPasskeyButton(page, authenticator)).toBe(403);
  await expectRefusal(page, SUSPENDED);
  await expectSignedOut(page, product);
});

test("a passkey removed on the passkeys page no longer opens the account", async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  await memberWithPasskey(page, product, authenticator, memberEmail("removed"));
  await page.getByRole("button", { name: /^Remove / }).click();
  const confirm = page.getByRole("group", { name: /^Remove .+\?$/ });
  await confirm.getByRole("button", { name: "Remove passkey" }).click();
  await expectToast(page, "Passkey Removed");
  await expect(page.getByText("No passkey opens your account yet.")).toBeVisible();
  await signOut(page);

  // The virtual authenticator still holds the credential; the House no longer knows it.
  await entryWithAutofillPending(page, product, authenticator);
  expect(await pressPasskeyButton(page, authenticator)).toBe(401);
  await expectRefusal(page, REJECTED);
  await expectSignedOut(page, product);
});
