import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CHALLENGE_CATALOGUE } from "../packages/core/src/seed/challenge-catalogue";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The credits pages, the account dropdown's earned credits and the flavour pages, as a member
 * meets them on the real product: a purchase paid at the dev shop and synced, and an award won by
 * answering today's challenge (DEMO opens one) with the seed's right answer, through the real API.
 */
const product = useProduct({ DEMO: "1" });

/** A new member's context at `viewport`, signed in by the API, and their address. */
async function newMember(browser: Browser, viewport: { width: number; height: number }) {
  const address = memberEmail("ledger");
  const context: BrowserContext = await signedInContext(browser, product, address, { viewport });
  return { context, address };
}

/** Buys two of the dev shop's first product, pays, and syncs: the ledger's purchase entry. */
async function buyAndSync(request: APIRequestContext): Promise<number> {
  const cart = await request.post(`${product.baseUrl}/api/create-cart`, {
    data: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/2001", quantity: 2 }] },
  });
  expect(cart.ok()).toBe(true);
  const checkoutId = ((await cart.json()) as { checkoutUrl: string }).checkoutUrl.split("/dev-shop/checkout/")[1];
  expect((await request.post(`${product.baseUrl}/api/dev-shop/checkouts/${checkoutId}/pay`, { data: {} })).ok()).toBe(
    true,
  );
  const synced = await request.post(`${product.baseUrl}/api/shopify/sync`, { data: { year: 2024 } });
  expect(synced.ok()).toBe(true);
  const body = (await synced.json()) as { ordersCredited: number; creditsAwarded: string };
  expect(body.ordersCredited).toBe(1);
  return Number(body.creditsAwarded);
}

/** Answers today's open challenge rightly (the seed's answer): the ledger's award entry. */
async function winToday(request: APIRequestContext): Promise<{ title: string; credits: number }> {
  const today = (await (await request.get(`${product.baseUrl}/api/challenges/today`)).json()) as {
    challenge: { urlSlug: string; type: "puzzle" | "task"; title: string } | null;
  };
  const challenge = today.challenge;
  if (!challenge) throw new Error("DEMO opens today's challenge");
  const seed = CHALLENGE_CATALOGUE.find((c) => c.urlSlug === challenge.urlSlug);
  if (!seed) throw new Error(`no seed for ${challenge.urlSlug}`);
  const kind = challenge.type === "puzzle" ? "puzzles" : "trials";
  const answer = await request.post(`${product.baseUrl}/api/${kind}/${challenge.urlSlug}/submit`, {
    data: { answer: seed.answer },
  });
  expect(answer.ok()).toBe(true);
  const result = (await answer.json()) as { correct: boolean; credits: number };
  expect(result.correct).toBe(true);
  return { title: challenge.title, credits: result.credits };
}

async function openAccountMenu(page: Page, address: string) {
  await page.getByRole("button", { name: `Account and credits for ${address}` }).click();
  return page.getByRole("region", { name: "Earned Credits" });
}

/** "Nov 22, 2026 at 9:55 PM EST": the spec's 'MMM d, yyyy at h:mm a', with the zone named. */
const DATED = /[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T/;

test("a member with a purchase and an award sees them on both pages and in the dropdown", async ({ browser }) => {
  const { context, address } = await newMember(browser, { width: 390, height: 844 });
  const bought = await buyAndSync(context.request);
  const page = await context.newPage();
  // The award arrives while the breakdown is open: the page follows the ledger without a reload.
  await page.goto(`${product.baseUrl}/earned-credits-breakdown`);
  await expect(page.getByText("No earned credits yet. Complete puzzles and trials to earn credits!")).toBeVisible();
  const won = await winToday(context.request);
  expect(won.credits).toBeGreaterThan(0);
  await expect(page.getByTestId("earned-total")).toHaveText(`${won.credits}MPC`);
  await expect(page.getByRole("region", { name: "Puzzles and trials won" })).toContainText(won.title);

  await page.goto(`${product.baseUrl}/credits-history`);
  await expect(page.getByRole("heading", { level: 1, name: "Credits History" })).toBeVisible();
  const whole = String(Math.round(bought + won.credits));
  await expect(page.getByTestId("history-balance")).toHaveText(`${whole}MPC`);
  await expect(page.getByTestId("history-total")).toHaveText(`${whole}MPC`);
  const entries = page.getByRole("region", { name: "Entries of the ledger" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  // Newest first: the award, then the purchase.
  await expect(entries.nth(0)).toContainText("Puzzle");
  await expect(entries.nth(0)).toContainText(won.title);
  await expect(entries.nth(0)).toContainText(`+${won.credits}MPC`);
  await expect(entries.nth(1)).toContainText("Purchase");
  await expect(entries.nth(1)).toContainText(`+${bought}MPC`);
  await expect(entries.nth(1)).toContainText("spent");
  await expect(page.getByRole("link", { name: "The Sanctum" })).toHaveAttribute("href", "/sanctum");

  await page.goto(`${product.baseUrl}/earned-credits-breakdown`);
  await expect(page.getByRole("heading", { level: 1, name: "Earned Credits" })).toBeVisible();
  await expect(page.getByTestId("earned-total")).toHaveText(`${won.credits}MPC`);
  const earned = page.getByRole("region", { name: "Puzzles and trials won" }).getByRole("listitem");
  await expect(earned).toHaveCount(1);
  await expect(earned.first()).toContainText(won.title);
  await expect(earned.first()).toContainText(DATED);
  await expect(page.getByRole("link", { name: "Return home" })).toHaveAttribute("href", "/");

  await page.goto(`${product.baseUrl}/sanctum`);
  const menu = await openAccountMenu(page, address);
  await expect(menu.getByRole("listitem")).toHaveCount(1);
  await expect(menu.getByRole("listitem").first()).toContainText(won.title);
  await expect(menu.getByRole("listitem").first()).toContainText(`+${won.credits}.00 MPC`);
  await menu.getByRole("link", { name: "All earned credits" }).click();
  await expect(page).toHaveURL(/\/earned-credits-breakdown$/);
  await expect(page.getByRole("heading", { level: 1, name: "Earned Credits" })).toBeFocused();
  await context.close();
});

test("a new member sees the empty texts", async ({ browser }) => {
  const { context, address } = await newMember(browser, { width: 1280, height: 900 });
  const page = await context.newPage();

  await page.goto(`${product.baseUrl}/credits-history`);
  await expect(page.getByText("No credits earned yet...")).toBeVisible();
  await expect(page.getByTestId("history-balance")).toHaveText("0MPC");
  await expect(page.getByTestId("history-total")).toHaveText("0MPC");

  await page.goto(`${product.baseUrl}/earned-credits-breakdown`);
  await expect(page.getByText("No earned credits yet. Complete puzzles and trials to earn credits!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Face the trials" })).toHaveAttribute("href", "/earn-credits");

  const menu = await openAccountMenu(page, address);
  await expect(menu.getByText("No earned credits yet. Complete puzzles and trials to earn credits!")).toBeVisible();
  await context.close();
});

test("the flavour pages render and their doors link", async ({ browser }) => {
  const { context } = await newMember(browser, { width: 390, height: 844 });
  const page = await context.newPage();

  // The 4o4 page's hidden button leads into the void.
  await page.goto(`${product.baseUrl}/no/such/place`);
  await page.getByRole("button", { name: "or step into the void" }).click();
  await expect(page).toHaveURL(/\/void$/);
  await expect(page.getByRole("heading", { level: 1, name: "The Void" })).toBeVisible();
  await expect(page.getByText("Beneath the House, where no lamp is lit,")).toBeVisible();

  for (const [door, word] of [
    ["Knowledge", "Shadow"],
    ["Power", "Realm"],
    ["Truth", "Bearer"],
  ] as const) {
    await page.getByRole("navigation", { name: "Three doors" }).getByRole("link", { name: door }).click();
    await expect(page).toHaveURL(new RegExp(`/${door.toLowerCase()}$`));
    const heading = page.getByRole("heading", { level: 1, name: word });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.locator("blockquote")).toBeVisible();
    await page.getByRole("link", { name: "The Void" }).click();
    await expect(page).toHaveURL(/\/void$/);
  }
  await context.close();
});
