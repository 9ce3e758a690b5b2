import { expect, type Page, test } from "@playwright/test";
import { axeViolations, settled, trackNetwork } from "./support/axe";
import { type SignedInState, signedInState } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The operator's fair-play queue on the DEMO product (issue 31 part 2): the demo's ring behind one
 * address and its referral loop are in the queue; one flag's evidence names the address, the lots,
 * the bids and the members, with links to their pages; the queue passes axe and works by keyboard.
 */
const ADMIN = "warden@e2e.example";
const product = useProduct({ DEMO: "1", ADMIN_EMAILS: ADMIN });
// One sign-in for both widths: a second code to one address within a minute is refused.
let adminState: SignedInState;
test.beforeAll(async ({ browser }) => {
  adminState = await signedInState(browser, product, ADMIN);
});

/** With SHOTS_DIR set, the page as it stands, for a person to look at (not an assertion). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const [width, height, label] of [
  [1280, 900, "desktop"],
  [390, 844, "phone"],
] as const) {
  test(`the admin's fair-play queue and a flag's evidence (${label})`, async ({ browser }) => {
    const admin = await browser.newContext({ storageState: adminState, viewport: { width, height } });
    const page = await admin.newPage();
    trackNetwork(page);
    await page.goto(`${product.baseUrl}/admin`);
    await page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Fair Play" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Fair Play" })).toBeVisible();
    const queue = page.getByRole("list").filter({ hasText: "Shared address" });
    await expect(queue.getByRole("link", { name: "Shared address" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Referral loop" })).toBeVisible();
    await expect(page.getByText("Declared household").first()).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `fair-play-queue-${label}`);

    // By keyboard: the first flag (the most severe) opens from its link.
    const first = page.getByRole("link", { name: "Shared address" }).first();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: /Shared address · #\d+/ })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "203.0.113.66" })).toBeVisible();
    await expect(page.getByRole("table").first()).toContainText("$");
    await expect(page.getByRole("link", { name: "hex" })).toBeVisible();
    await expect(page.getByLabel(/Note/)).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `fair-play-flag-${label}`);
    await admin.close();
  });
}
