import { expect, type Page } from "@playwright/test";

/** A toast in the notifications region: its title, and its description when given. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.getByRole("region", { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description)).toBeVisible();
}
