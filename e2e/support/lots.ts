import type { Page } from "@playwright/test";

/** Bids `amount` on the lot page shown: the amount, Place Bid, then Confirm Bid in the dialog. */
export async function placeBid(page: Page, amount: string): Promise<void> {
  await page.getByLabel("Bid amount").fill(amount);
  await page.getByRole("button", { name: "Place Bid" }).click();
  await page.getByRole("button", { name: "Confirm Bid" }).click();
}
