import { expect, test } from "@playwright/test";
import { memberEmail, signInOnPage } from "./support/members";
import { useProduct } from "./support/product";
import { GATE_WORD } from "./support/server";

// DEMO places the event around today: lot 13 is open now.
const product = useProduct({ DEMO: "1" });

// Defect 6: signing in on the entry page shown in place of the lot used to lead to /sanctum.
test("a signed-out member following an e-mailed /lot/13 link signs in there and stays on the lot", async ({ page }) => {
  await page.goto(`${product.baseUrl}/lot/13`);
  await expect(page.getByLabel("Email")).toBeVisible();
  await signInOnPage(page, product, memberEmail("deeplink"));

  await expect(page.getByRole("dialog", { name: "The Bidding Hall is Sealed" })).toBeVisible();
  await expect(page).toHaveURL(/\/lot\/13$/);
  await page.getByLabel("Password").fill(GATE_WORD);
  await page.getByRole("button", { name: "Unseal" }).click();
  await expect(page.getByTestId("current-bid")).toBeVisible();
  await expect(page).toHaveURL(/\/lot\/13$/);

  // The word is kept for the member by the server: the lot opens straight away from now on.
  await page.reload();
  await expect(page.getByTestId("current-bid")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "The Bidding Hall is Sealed" })).toHaveCount(0);
});
