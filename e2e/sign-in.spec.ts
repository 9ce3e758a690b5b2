import { expect, test } from "@playwright/test";
import { memberEmail as email, signInByApi, signInOnPage } from "./support/members";
import { useProduct } from "./support/product";
import { GATE_WORD } from "./support/server";
import { expectToast } from "./support/toasts";

const product = useProduct();

test("a member signs in with the e-mailed code, lands on the sanctum, and signs out", async ({ page }) => {
  const address = email("journey");
  await page.goto(`${product.baseUrl}/sanctum`);
  // Signed out: the protected page shows the entry page in its place.
  await expect(page.getByLabel("Email")).toBeVisible();

  await signInOnPage(page, product, address);

  await expect(page).toHaveURL(/\/sanctum$/);
  await expect(page.getByRole("heading", { name: "The Sanctum" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Bidding Hall/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Forbidden Catalogue/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Earn Extra Credits/ })).toBeVisible();

  // Still signed in after a reload: the session cookie holds.
  await page.reload();
  await expect(page.getByRole("heading", { name: "The Sanctum" })).toBeVisible();

  await page.getByRole("button", { name: `Account and credits for ${address}` }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/enter$/);
  const me = await page.request.get(`${product.baseUrl}/api/auth/user`);
  expect(me.status()).toBe(401);
});

test("the entry page answers bad input with the spec's toasts", async ({ page }) => {
  await page.goto(`${product.baseUrl}/enter`);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expectToast(page, "Invalid Email", "Please enter a valid email address");

  await page.getByLabel("Email").fill("no-at-sign");
  await page.getByRole("button", { name: "Send Code" }).click();
  await expectToast(page, "Invalid Email", "Please enter a valid email address");

  const address = email("badinput");
  await page.getByLabel("Email").fill(address);
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await product.readCode(address);

  // The code input keeps digits only.
  await page.getByLabel("Verification code").fill("12ab3");
  await expect(page.getByLabel("Verification code")).toHaveValue("123");
  await page.getByRole("button", { name: "Enter", exact: true }).click();
  await expectToast(page, "Invalid Code", "Please enter the 6-digit verification code");

  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Verification code").fill(wrong);
  await page.getByRole("button", { name: "Enter", exact: true }).click();
  await expectToast(page, "Access Denied", "Invalid or expired code");

  // Resend is locked behind its countdown; change email goes back to the first step.
  await expect(page.getByRole("button", { name: /Resend code \(\d+s\)/ })).toBeDisabled();
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
});

test("a referral link announces the signup award and the newcomer receives it", async ({ page, browser }) => {
  const ctx = await browser.newContext();
  const { referralCode } = await signInByApi(product, ctx, email("referrer"));
  await ctx.close();

  await page.goto(`${product.baseUrl}/enter?ref=${referralCode}`);
  await expect(page.getByRole("note").getByText("5 MPC credits")).toBeVisible();
  await signInOnPage(page, product, email("newcomer"));
  await expect(page).toHaveURL(/\/sanctum$/);
  const me = await (await page.request.get(`${product.baseUrl}/api/auth/user`)).json();
  expect(me.mpcBalance).toBe("5.00");
});

test("unknown paths show the 4o4 page, and every screen fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${product.baseUrl}/no/such/place`);
  await expect(page.getByText("4o4")).toBeVisible();
  await expect(page.getByText("the page you seek has been lost to the darkness...")).toBeVisible();
  for (const path of ["/", "/enter", "/no/such/place"]) {
    await page.goto(`${product.baseUrl}${path}`);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("the Bidding Hall gate word is checked by the server, and a wrong one is refused", async ({ page }) => {
  // Signed in by the API: this journey is the gate's, sign-in has its own above.
  await signInByApi(product, page, email("gate"));
  await page.goto(`${product.baseUrl}/sanctum`);
  await expect(page).toHaveURL(/\/sanctum$/);

  await page.getByRole("button", { name: /Bidding Hall/ }).click();
  const dialog = page.getByRole("dialog", { name: "The Bidding Hall is Sealed" });
  await dialog.getByLabel("Password").fill("wrong word");
  await dialog.getByRole("button", { name: "Unseal" }).click();
  await expectToast(page, "Incorrect password. Access denied.");
  await expect(dialog.getByLabel("Password")).toHaveValue("");

  await dialog.getByLabel("Password").fill(GATE_WORD.toUpperCase());
  await dialog.getByRole("button", { name: "Unseal" }).click();
  await expect(page).toHaveURL(/\/auctions$/);
  // The word itself never reaches the browser.
  const html = await (await page.request.get(`${product.baseUrl}/`)).text();
  const scripts = [...html.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const bundle = await (await page.request.get(`${product.baseUrl}${src}`)).text();
    expect(bundle.toLowerCase()).not.toContain(GATE_WORD);
  }
});
