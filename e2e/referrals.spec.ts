import { expect, test } from "@playwright/test";
import { memberEmail, signedInContext, signInOnPage } from "./support/members";
import { useProduct } from "./support/product";
import { expectToast } from "./support/toasts";

// Staff see every day of the calendar, so the journey does not depend on which day the demo placed today.
const STAFF = "summoner.e2e@e2e.example";
const KEEPER = "keeper.e2e@e2e.example";
const REFERRALS = "/task/04b75e095d";
const SOCIAL = "/task/581a4ae8a2";

const product = useProduct({ DEMO: "1", STAFF_EMAILS: `${STAFF},${KEEPER}` });

test("a member summons a friend from the referrals trial; the mailed link brings them in with their joining credits", async ({
  browser,
}) => {
  const context = await signedInContext(browser, product, STAFF, { viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}${REFERRALS}`);
  await expect(page.getByText("0 of 3 souls have answered your call.")).toBeVisible();
  await page.getByRole("button", { name: "Summon your souls" }).click();
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByRole("alert").getByText("Please enter at least one email address")).toBeVisible();

  const friend = memberEmail("friend");
  await page.getByLabel("Soul 1").fill(friend);
  await page.getByLabel("Soul 2").fill(STAFF.replace("@", "+alias@"));
  await page.screenshot({ path: "test-results/referrals-1366.png", fullPage: true });
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expectToast(page, "Some invitations failed", "1 invitation(s) sent successfully!");
  await expect(page.getByText("You cannot invite another address of your own")).toBeVisible();
  await page.getByRole("button", { name: "Summon another" }).click();
  await expect(page.getByLabel(/Soul 1/)).toBeDisabled();
  await expect(page.getByLabel(/Soul 1/)).toHaveValue(friend);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/referrals-390.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The invitation arrives; its link opens the entry page with the referral, and signing in credits the friend.
  const mail = await product.sink.waitFor(friend);
  const link = /(http\S+\/enter\?ref=\S+)/.exec(mail.text)?.[1] ?? "";
  expect(link.startsWith(`${product.baseUrl}/enter?ref=`)).toBe(true);
  const invitee = await browser.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("note").getByText("5 MPC credits")).toBeVisible();
  await signInOnPage(invitee, product, friend);
  await expect(invitee).toHaveURL(/\/sanctum$/);
  const me = await (await invitee.request.get(`${product.baseUrl}/api/auth/user`)).json();
  expect(me.mpcBalance).toBe("5.00");
  await invitee.close();
  await context.close();
});

test("the social rite's page shows the member's code to copy and where to leave it", async ({ browser }) => {
  const context = await signedInContext(browser, product, KEEPER, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}${SOCIAL}`);
  const code = page.getByLabel("Your code");
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{8}$/);
  await expect(page.getByText(/beneath the House's latest post on Instagram/)).toBeVisible();
  await page.screenshot({ path: "test-results/social-rite-390.png", fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: "test-results/social-rite-1366.png", fullPage: true });
  await context.close();
});
