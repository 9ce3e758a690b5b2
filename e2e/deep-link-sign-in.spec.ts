import { expect, type Page, test } from "@playwright/test";
import { type RunningProduct, startProduct } from "./support/server";

let product: RunningProduct;
test.beforeAll(async () => {
  // DEMO places the event around today: lot 13 is open now.
  product = await startProduct({ DEMO: "1" });
});
test.afterAll(async () => {
  await product?.stop();
});

let n = 0;
const newEmail = (label: string) => `${label}.${Date.now().toString(36)}${++n}@e2e.example`;

async function signInOnThePageShown(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel("Verification code").fill(await product.readCode(email));
  await page.getByRole("button", { name: "Enter", exact: true }).click();
}

// Defect 6: signing in on the entry page shown in place of the lot used to lead to /sanctum.
test("a signed-out member following an e-mailed /lot/13 link signs in there and stays on the lot", async ({ page }) => {
  await page.goto(`${product.baseUrl}/lot/13`);
  await expect(page.getByLabel("Email")).toBeVisible();
  await signInOnThePageShown(page, newEmail("deeplink"));

  await expect(page.getByRole("dialog", { name: "The Bidding Hall is Sealed" })).toBeVisible();
  await expect(page).toHaveURL(/\/lot\/13$/);
  await page.getByLabel("Password").fill("nocturne");
  await page.getByRole("button", { name: "Unseal" }).click();
  await expect(page.getByTestId("current-bid")).toBeVisible();
  await expect(page).toHaveURL(/\/lot\/13$/);

  // The word is kept for the member by the server: the lot opens straight away from now on.
  await page.reload();
  await expect(page.getByTestId("current-bid")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "The Bidding Hall is Sealed" })).toHaveCount(0);
});
