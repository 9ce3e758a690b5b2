import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { memberEmail, type SignedInState, signedInContext, signedInState } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The live auction console on the real product (DEMO: lot 13 is open now, without a bid): an
 * admin watches, a member bids from another browser, the console shows it within a second.
 * Then the operator pauses the lot from the console and resumes it: the member's page follows live.
 */
const ADMIN = "keeper@e2e.example";
const product = useProduct({ DEMO: "1", ADMIN_EMAILS: ADMIN });
/** The admin's signed-in state: one code per address a minute, so the admin signs in once. */
let adminState: SignedInState;

test.beforeAll(async ({ browser }) => {
  adminState = await signedInState(browser, product, ADMIN);
});

test("the console shows another browser's bid within a second, and the member watching", async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: adminState });
  const board = await admin.newPage();
  // Lot 13's row: its first cell, the lot's number (another row's bid count may also read 13).
  await board.goto(`${product.baseUrl}/admin/console`);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const row = board.locator("tr", { has: board.locator("td:first-child", { hasText: /^13$/ }) });
  await expect(row.getByText("Open", { exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "$0.00" })).toBeVisible();

  const memberContext = await signedInContext(browser, product, memberEmail("console-bidder"), { gate: true });
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

  expect(await axeViolations(board)).toEqual([]);
  await memberContext.close();
  await admin.close();
});

test("pausing and resuming a lot from the console: the member's open page stops and restarts bidding live", async ({
  browser,
}) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: adminState });
  const board = await admin.newPage();
  await board.goto(`${product.baseUrl}/admin/console`);
  await expect(board.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  const memberContext = await signedInContext(browser, product, memberEmail("console-paused"), { gate: true });
  const member = await memberContext.newPage();
  await member.goto(`${product.baseUrl}/lot/13`);
  await expect(member.getByRole("button", { name: "Place Bid" })).toBeVisible();

  await board.getByRole("button", { name: "Pause, Lot 13" }).click();
  await board.getByRole("button", { name: "Pause lot" }).click();
  const row = board.locator("tr", { has: board.locator("td:first-child", { hasText: /^13$/ }) });
  await expect(row.getByText("Paused", { exact: true })).toBeVisible();
  // The member's page, open all along, stops taking bids without a reload.
  await expect(member.getByTestId("lot-paused")).toBeVisible({ timeout: 3000 });
  await expect(member.getByRole("button", { name: "Place Bid" })).toHaveCount(0);
  // The server refuses a bid whatever the page shows.
  const refused = await memberContext.request.post(`${product.baseUrl}/api/auction-lots/${await lotId(13)}/bid`, {
    data: { amount: 50 },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe("Bidding on this lot is paused by the House");

  await board.getByRole("button", { name: "Resume, Lot 13" }).click();
  await board.getByRole("button", { name: "Resume lot" }).click();
  await expect(row.getByText("Open", { exact: true })).toBeVisible();
  await expect(member.getByRole("button", { name: "Place Bid" })).toBeVisible({ timeout: 3000 });
  await expect(member.getByTestId("lot-paused")).toHaveCount(0);
  await memberContext.close();
  await admin.close();
});

async function lotId(lotNumber: number): Promise<number> {
  const context = await (await import("@playwright/test")).request.newContext({ storageState: adminState });
  const answer = await context.get(`${product.baseUrl}/api/auction-lots/${lotNumber}`);
  const { id } = (await answer.json()) as { id: number };
  await context.dispose();
  return id;
}
