import { expect, type Page, test } from "@playwright/test";
import { DOLLARS_PER_CREDIT } from "../packages/shared/src/constants";
import { DataDeletionToasts } from "../packages/shared/src/schemas/privacy";
import { axeViolations, settled, trackNetwork } from "./support/axe";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

const PHONE = { width: 390, height: 844 };
const SUPPORT = "help@house.example";

const product = useProduct({ SUPPORT_EMAIL: SUPPORT });

test.use({ viewport: PHONE });

const PAGES = {
  "/privacy-policy": {
    title: "Privacy Policy",
    sections: [
      "Information We Collect",
      "How We Use It",
      "How We Protect It",
      "Third Parties",
      "Your Rights",
      "Contact",
    ],
    back: { name: "The Sanctum", href: "/sanctum" },
  },
  "/terms-conditions": {
    title: "Terms & Conditions",
    sections: [
      "Acceptance",
      "MPC Credits",
      "Auction Participation",
      "Account Responsibilities",
      "Modifications",
      "Liability",
    ],
    back: { name: "The Sanctum", href: "/sanctum" },
  },
  "/faq": {
    title: "Frequently Asked Questions",
    sections: [
      "The Event",
      "MPC Credits",
      "Bidding",
      "The Forbidden Catalogue",
      "Discounts",
      "After the Event",
      "Support",
    ],
    back: { name: "The Sanctum", href: "/sanctum" },
  },
  "/data-deletion": {
    title: "Data Deletion",
    sections: [],
    back: { name: "Privacy Policy", href: "/privacy-policy" },
  },
} as const;

async function expectNoViolations(page: Page, label: string) {
  await settled(page);
  expect.soft(await axeViolations(page), label).toEqual([]);
}

test("each written page opens signed out, with its sections and its way back", async ({ page }) => {
  for (const [path, spec] of Object.entries(PAGES)) {
    await page.goto(`${product.baseUrl}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: spec.title })).toBeVisible();
    for (const section of spec.sections) {
      await expect(
        page.getByRole("heading", { level: 2, name: section, exact: true }),
        `${path}: ${section}`,
      ).toBeVisible();
    }
    const back = page.getByRole("main").getByRole("link", { name: spec.back.name }).first();
    await expect(back).toHaveAttribute("href", spec.back.href);
    // Signed out, and no sign-in put in the page's place.
    await expect(page.getByRole("link", { name: "Enter" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Code" })).toHaveCount(0);
  }

  await page.goto(`${product.baseUrl}/privacy-policy`);
  await page.getByRole("link", { name: "Request data deletion" }).click();
  await expect(page).toHaveURL(/\/data-deletion$/);

  await page.goto(`${product.baseUrl}/faq`);
  await expect(page.getByRole("link", { name: SUPPORT })).toHaveAttribute("href", `mailto:${SUPPORT}`);
  await expect(page.getByText(`every $${DOLLARS_PER_CREDIT} you spend in the shop earns 1 credit`)).toBeVisible();
  await expect(page.getByText(/redeemable only from November 1 to December 2, 2025/)).toBeVisible();
  await expect(page.getByText(/The auction runs from November 28 to December 1, 2025/)).toBeVisible();
});

test("a member asks for deletion signed out, and the link in the mail confirms it", async ({
  browser,
  page,
}, testInfo) => {
  const email = memberEmail("leaving");
  const member = await signedInContext(browser, product, email);

  await page.goto(`${product.baseUrl}/data-deletion`);
  const field = page.getByLabel("Email address");
  const submit = page.getByRole("button", { name: "Request Deletion" });
  await expect(submit).toBeDisabled();
  await field.fill(email);
  await submit.click();
  await expect(page.getByRole("heading", { name: "Request Submitted" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status").getByText(DataDeletionToasts.submitted)).toBeVisible();
  await expect(field).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("request-submitted.png") });

  const mail = await product.sink.waitFor(email);
  const link = /https?:\/\/\S+\/data-deletion\?confirm=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  await page.goto(link as string);
  await expect(page.getByRole("heading", { name: "Request Confirmed" })).toBeVisible();
  await expect(page.getByText(/Your request is confirmed\. Your personal data will be erased by /)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("request-confirmed.png") });
  // Confirmed, not yet carried out: the member is still signed in until the erasure runs.
  expect((await member.request.get(`${product.baseUrl}/api/auth/user`)).ok()).toBe(true);
  await member.close();
});

test("the four pages pass axe at 390 px", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  trackNetwork(page);
  for (const path of Object.keys(PAGES)) {
    await page.goto(`${product.baseUrl}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, `${path} at 390`);
    await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}.png`), fullPage: true });
  }
});
