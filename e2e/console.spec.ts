import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, test } from "@playwright/test";
import { memberEmail, signInByApi } from "./support/members";
import { type RunningProduct, startProduct } from "./support/server";

/**
 * The live auction console on the real product (DEMO: lot 13 is open now, without a bid): an
 * admin watches, a member bids from another browser, the console shows it within a second.
 * (Pause and resume from the console join this file with the controls' server side.)
 */
const ADMIN = "keeper@e2e.example";
let product: RunningProduct;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  product = await startProduct({ DEMO: "1", ADMIN_EMAILS: ADMIN });
  const context = await browser.newContext();
  await signInByApi(product, context, ADMIN);
  adminState = await context.storageState();
  await context.close();
});
test.afterAll(async () => {
  await product?.stop();
});

test("the console shows another browser's bid within a second, and the member watching", async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: adminState });
  const board = await admin.newPage();
  await board.goto(`${product.baseUrl}/admin/console`);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const row = board.locator("tr", { has: board.getByRole("cell", { name: "13", exact: true }) });
  await expect(row.getByText("Open", { exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "$0.00" })).toBeVisible();

  const memberContext = await browser.newContext();
  await signInByApi(product, memberContext, memberEmail("console-bidder"));
  expect(
    (await memberContext.request.post(`${product.baseUrl}/api/gate`, { data: { password: "nocturne" } })).ok(),
  ).toBe(true);
  const member = await memberContext.newPage();
  await member.goto(`${product.baseUrl}/lot/13`);
  await expect(member.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  // The member watching the lot is counted (the console's next push, every ~2 s).
  await expect(row.locator("td").nth(5)).toHaveText("1", { timeout: 5000 });

  // The console's page notes, by the machine's clock, when the row first shows the bid.
  await board.evaluate(() => {
    const w = window as unknown as { seenAt: number | null };
    w.seenAt = null;
    const shows = () =>
      [...document.querySelectorAll("tr")].some(
        (tr) => tr.cells[0]?.textContent === "13" && tr.textContent?.includes("$9.00"),
      );
    new MutationObserver(() => {
      if (w.seenAt === null && shows()) w.seenAt = Date.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await member.getByLabel("Bid amount").fill("9");
  await member.getByRole("button", { name: "Place Bid" }).click();
  const clickedAt = Date.now();
  const answer = member.waitForResponse((r) => r.url().endsWith("/bid") && r.request().method() === "POST");
  await member.getByRole("button", { name: "Confirm Bid" }).click();
  const acceptedAt = await answer.then((r) => {
    expect(r.status()).toBe(200);
    return Date.now();
  });
  await expect(row.getByRole("cell", { name: "$9.00" })).toBeVisible({ timeout: 2000 });
  const seenAt = await board.evaluate(() => (window as unknown as { seenAt: number | null }).seenAt);
  // Within a second of the House accepting the bid (its answer to the member), the admin's row
  // shows it: the room usually beats the answer. The bid itself is the hall's concern and under a
  // loaded machine may take longer; both figures are noted.
  expect(seenAt).not.toBeNull();
  test.info().annotations.push({
    type: "latency",
    description: `click to row ${(seenAt ?? 0) - clickedAt} ms; bid answered to row ${(seenAt ?? 0) - acceptedAt} ms`,
  });
  expect((seenAt ?? Number.POSITIVE_INFINITY) - acceptedAt).toBeLessThan(1000);
  await expect(row.locator("td").nth(4)).toHaveText("1");

  const { violations } = await new AxeBuilder({ page: board })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await memberContext.close();
  await admin.close();
});
