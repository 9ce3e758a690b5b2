import { expect, type Page, test } from "@playwright/test";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

// DEMO places the calendar around today: the Subscriber's Favour (the Bonus) is a standing rite,
// still open; the Ritual is found from the calendar's first day.
const product = useProduct({ DEMO: "1" });

const headerCredits = (page: Page) => page.getByRole("button", { name: /^Bidding Power: \d+ MPC credits$/ });

test("a newcomer enlists in the House ledger from the day's page: 5 credits, 'Name Recorded', back to Harvest Credits", async ({
  browser,
}) => {
  const email = memberEmail("enlist");
  const context = await signedInContext(browser, product, email, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/earn-credits`);
  const rites = page.getByRole("region", { name: "Rites Still Open" });
  await rites.getByRole("link", { name: /The Subscriber's Favour/ }).click();
  await expect(page).toHaveURL(/\/trial\/subscribers-favor$/);
  await expect(page.getByRole("heading", { level: 1, name: "The Subscriber's Favour" })).toBeVisible();

  // The form: an empty address is refused on the page, before anything is sent.
  const field = page.getByLabel("Your e-mail");
  await expect(field).toHaveValue(email);
  await field.fill("not an address");
  await page.getByRole("button", { name: "enlist my name" }).click();
  await expect(page.getByText("Invalid Email", { exact: true })).toBeVisible();
  await field.fill(email);
  await page.getByRole("button", { name: "enlist my name" }).click();
  await expect(page.getByText("Enlisted in the Ledger", { exact: true })).toBeVisible();
  await expect(page.getByText("Your name has been recorded. 5 MPC credits awarded.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Name Recorded" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return me, I am unwilling" })).toHaveCount(0);
  await expect(headerCredits(page)).toHaveAttribute("aria-label", "Bidding Power: 5 MPC credits");
  // Two seconds later, the day's page.
  await expect(page).toHaveURL(/\/earn-credits$/, { timeout: 6_000 });

  // Coming back: the completions list holds the favour's id.
  await page.goto(`${product.baseUrl}/trial/subscribers-favor`);
  await expect(page.getByRole("heading", { name: "Name Recorded" })).toBeVisible();
  await context.close();
});

test("a member already on the newsletter list claims the favour once; 'Return me, I am unwilling' leads back", async ({
  browser,
}) => {
  const email = memberEmail("loyal");
  await product.sql(`INSERT INTO dev_shop_subscribers (email) VALUES ($1)`, [email]);
  const context = await signedInContext(browser, product, email, { viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/trial/subscribers-favor`);
  await expect(page.getByRole("heading", { name: "You're already part of the House ledger" })).toBeVisible();
  await page.getByRole("link", { name: "Return me, I am unwilling" }).click();
  await expect(page).toHaveURL(/\/earn-credits$/);

  await page.goto(`${product.baseUrl}/trial/subscribers-favor`);
  await page.getByRole("button", { name: "claim my credits" }).click();
  await expect(page.getByText("Credits Claimed", { exact: true })).toBeVisible();
  await expect(page.getByText("5 MPC credits awarded for your loyalty.")).toBeVisible();
  await expect(headerCredits(page)).toHaveAttribute("aria-label", "Bidding Power: 5 MPC credits");
  await expect(page).toHaveURL(/\/earn-credits$/, { timeout: 6_000 });
  await context.close();
});

test("the Ritual: the whisper on the page, one attempt, 'The Ritual Rejects You' or 'The Path Yields'", async ({
  browser,
}) => {
  const first = await signedInContext(browser, product, memberEmail("ritual-wrong"), {
    viewport: { width: 390, height: 844 },
  });
  const page = await first.newPage();
  await page.goto(`${product.baseUrl}/404/ritual`);
  await expect(page.getByRole("heading", { level: 1, name: "The Ritual" })).toBeVisible();
  await expect(page.getByText(/Three doors wait beyond the void/)).toBeAttached();
  await page.getByLabel("The hidden word").fill("Shadow");
  await page.getByRole("button", { name: "invoke the ritual" }).click();
  await expect(page.getByText("The Ritual Rejects You", { exact: true })).toBeVisible();
  await expect(page.getByText("The code was not recognized. You've used your one attempt.")).toBeVisible();
  await expect(page.getByText(/The ritual allows one attempt/)).toBeVisible();
  await expect(page.getByLabel("The hidden word")).toHaveCount(0);
  await first.close();

  const second = await signedInContext(browser, product, memberEmail("ritual-right"), {
    viewport: { width: 1366, height: 900 },
  });
  const right = await second.newPage();
  await right.goto(`${product.baseUrl}/404/ritual`);
  await right.getByLabel("The hidden word").fill("Bearer");
  await right.getByRole("button", { name: "invoke the ritual" }).click();
  await expect(right.getByText("The Path Yields", { exact: true })).toBeVisible();
  await expect(right.getByText("The code was accepted. 7 MPC credits have been granted.")).toBeVisible();
  await expect(right).toHaveURL(/\/earn-credits$/, { timeout: 6_000 });
  await second.close();
});
