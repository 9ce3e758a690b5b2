import { expect, test } from "@playwright/test";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The operator answers a member (issue 17): finds them in Members, opens their page, gives them
 * credits with a note; the member's header, open in another browser, shows the new balance live.
 */
const ADMIN = "warden@e2e.example";
const product = useProduct({ DEMO: "1", ADMIN_EMAILS: ADMIN });
const viewport = { width: 1280, height: 900 };

test("an admin adjusts a member's credits and the member's header follows live", async ({ browser }) => {
  const email = memberEmail("adjusted");
  const member = await signedInContext(browser, product, email, { viewport });
  const memberPage = await member.newPage();
  await memberPage.goto(`${product.baseUrl}/`);
  const header = memberPage.getByRole("button", { name: /^Bidding Power:/ });
  await expect(header).toHaveAccessibleName("Bidding Power: 0 MPC credits");

  const admin = await signedInContext(browser, product, ADMIN, { viewport });
  const page = await admin.newPage();
  await page.goto(`${product.baseUrl}/admin`);
  await page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await page.getByLabel("E-mail, name or referral code").fill(email);
  await page.getByLabel("E-mail, name or referral code").press("Enter");
  await expect(page).toHaveURL(/\/admin\/members\?q=/);
  await page.getByRole("link", { name: email }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();

  await page.getByLabel("Amount (credits)").fill("25");
  await page.getByLabel("Reason (admins only)").fill("Refund for the lantern puzzle's typo");
  await page.getByLabel("Note to the member (optional)").fill("Sorry about the lantern puzzle");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("the balance goes from 0.00 to 25.00");
  await dialog.getByRole("button", { name: "Give 25 credits" }).click();
  await expect(page.getByText("Credits adjusted").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Credit adjustments" })).toContainText("Refund for the lantern");

  // The member did nothing: their open page's header moved by itself.
  await expect(header).toHaveAccessibleName("Bidding Power: 25 MPC credits", { timeout: 5_000 });

  // Compensate pre-fills the opposite amount; the member's header follows again.
  await page.getByRole("button", { name: "Compensate" }).click();
  await expect(page.getByLabel("Amount (credits)")).toHaveValue("-25");
  await page.getByLabel("Reason (admins only)").fill("Compensates adjustment: wrong member");
  await page.getByRole("button", { name: "Review adjustment" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Take 25 credits" }).click();
  await expect(header).toHaveAccessibleName("Bidding Power: 0 MPC credits", { timeout: 5_000 });

  // The member reads the note, never the reason.
  await memberPage.goto(`${product.baseUrl}/credits-history`);
  await expect(memberPage.getByText("Sorry about the lantern puzzle")).toBeVisible();
  await expect(memberPage.getByText(/lantern puzzle's typo/)).toHaveCount(0);

  await member.close();
  await admin.close();
});
