import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type RunningProduct, startProduct } from "./support/server";

let product: RunningProduct;
test.beforeAll(async () => {
  // DEMO places the event around today: lot 13 is open now and nobody has bid on it.
  product = await startProduct({ DEMO: "1" });
});
test.afterAll(async () => {
  await product?.stop();
});

let n = 0;
async function signedIn(context: BrowserContext, label: string): Promise<string> {
  const email = `${label}.${Date.now().toString(36)}${++n}@e2e.example`;
  const sent = await context.request.post(`${product.baseUrl}/api/auth/send-code`, { data: { email } });
  expect(sent.ok()).toBe(true);
  const verified = await context.request.post(`${product.baseUrl}/api/auth/verify-code`, {
    data: { email, code: await product.readCode(email) },
  });
  expect(verified.ok()).toBe(true);
  // The lots are behind the Bidding Hall gate, which the server keeps: the word, given once.
  const gate = await context.request.post(`${product.baseUrl}/api/gate`, { data: { password: "nocturne" } });
  expect(gate.ok()).toBe(true);
  return email;
}

async function placeBid(page: Page, amount: string) {
  await page.getByLabel("Bid amount").fill(amount);
  await page.getByRole("button", { name: "Place Bid" }).click();
  await page.getByRole("button", { name: "Confirm Bid" }).click();
}

test("two members on one lot: each sees the other's bid live, and the outbid one is told at once", async ({
  browser,
}) => {
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  await signedIn(alice, "alice");
  await signedIn(bob, "bob");
  const a = await alice.newPage();
  const b = await bob.newPage();
  await a.goto(`${product.baseUrl}/lot/13`);
  await b.goto(`${product.baseUrl}/lot/13`);
  await expect(a.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  await expect(b.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  // No bid yet: the lot reads its opening bid, as its card does, never "$0.00".
  await expect(a.getByRole("region", { name: "Bidding" }).getByText("Opening bid", { exact: true })).toBeVisible();

  await placeBid(a, "9");
  await expect(a.getByText("You are the highest bidder").first()).toBeVisible();
  // Bob's page was not reloaded: the new price arrives by itself.
  await expect(b.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  await expect(b.getByRole("region", { name: "Bidding" }).getByText("Current bid", { exact: true })).toBeVisible();

  await placeBid(b, "10");
  await expect(b.getByText("You are the highest bidder").first()).toBeVisible();
  await expect(a.getByText("Outbid!")).toBeVisible();
  await expect(a.getByTestId("current-bid")).toHaveText(/\$10\.00/);
  await expect(a.getByRole("button", { name: "Place Bid" })).toBeEnabled();

  await alice.close();
  await bob.close();
});
