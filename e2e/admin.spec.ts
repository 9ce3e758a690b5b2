import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { axeViolations, inTabs, settled } from "./support/axe";
import { memberEmail, type SignedInState, signedInContext, signedInState } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The operator's area on the real product (DEMO): an admin creates a puzzle with a picture that
 * staff then open, puts a live shop product in the gift guide that members then see, processes a
 * member's social-rite code; a member meets 'Access Denied'; axe finds nothing on any admin page.
 */
const ADMIN = "keeper@e2e.example";
const STAFF = "steward@e2e.example";
const product = useProduct({ DEMO: "1", ADMIN_EMAILS: ADMIN, STAFF_EMAILS: STAFF });
/** The admin's signed-in state: one code per address a minute, so the admin signs in once. */
let adminState: SignedInState;

test.beforeAll(async ({ browser }) => {
  adminState = await signedInState(browser, product, ADMIN);
});

/** A 1x1 PNG, whole. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function as(browser: Browser, email: string): Promise<BrowserContext> {
  const viewport = { width: 1280, height: 900 };
  if (email === ADMIN) return browser.newContext({ viewport, storageState: adminState });
  return signedInContext(browser, product, email, { viewport });
}

/** Tomorrow's New York date, as the calendar writes it. */
function tomorrowInNewYork(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

test("an admin creates a puzzle with a picture; staff open it before its day, members not yet", async ({ browser }) => {
  const admin = await as(browser, ADMIN);
  const page = await admin.newPage();
  await page.goto(`${product.baseUrl}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Create Puzzle" }).click();
  const form = page.getByRole("dialog");
  const title = `The Lantern's Last Word ${Date.now().toString(36)}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("Read what the lantern writes on the wall at midnight.");
  await form.getByLabel("Answer").fill("Wick");
  await form.getByLabel("Credits").fill("9");
  await form.getByLabel("Date").fill(tomorrowInNewYork());
  await form.locator('input[type="file"]').setInputFiles({ name: "lantern.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByRole("img", { name: "Preview of the chosen file" })).toBeVisible();
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Puzzle created").first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();

  const found = await admin.request.get(
    `${product.baseUrl}/api/admin/challenges?type=puzzle&q=${encodeURIComponent(title)}`,
  );
  const [created] = (await found.json()).items as { urlSlug: string; imageUrl: string; answer: string }[];
  expect(created?.answer).toBe("Wick");
  expect(created?.imageUrl).toMatch(/^\/api\/challenges\/media\/upload-/);

  // Staff see any day: the page with its picture. A member meets it only once it unlocks.
  const staff = await as(browser, STAFF);
  const staffPage = await staff.newPage();
  await staffPage.goto(`${product.baseUrl}/puzzle/${created?.urlSlug}`);
  await expect(staffPage.getByRole("heading", { name: title })).toBeVisible();
  await expect(staffPage.locator(`img[src="${created?.imageUrl}"]`)).toBeVisible();
  const member = await as(browser, memberEmail("early"));
  const memberPage = await member.newPage();
  await memberPage.goto(`${product.baseUrl}/puzzle/${created?.urlSlug}`);
  await expect(memberPage.getByText("Puzzle Not Found").first()).toBeVisible();
  await Promise.all([admin.close(), staff.close(), member.close()]);
});

test("an admin puts a live shop product in the gift guide, and members see it at once", async ({ browser }) => {
  const admin = await as(browser, ADMIN);
  const page = await admin.newPage();
  await page.goto(`${product.baseUrl}/admin?tab=gift-guide`);
  const name = "Tarot of the Black Market";
  const current = page
    .getByRole("article", { name })
    .filter({ has: page.getByRole("button", { name: "Remove from Gift Guide" }) });
  await current.getByRole("button", { name: "Remove from Gift Guide" }).click();
  await expect(page.getByText("Product removed").first()).toBeVisible();

  const member = await as(browser, memberEmail("collector"));
  const catalogue = await member.newPage();
  await catalogue.goto(`${product.baseUrl}/gift-guide`);
  await expect(catalogue.getByRole("heading", { level: 1, name: "Forbidden Catalogue" })).toBeVisible();
  await expect(catalogue.getByRole("heading", { name })).toHaveCount(0);

  await page.getByLabel("Search the shop").fill("tarot");
  const live = page
    .getByRole("article", { name })
    .filter({ has: page.getByRole("button", { name: "Add to Gift Guide" }) });
  await live.getByRole("button", { name: "Add to Gift Guide" }).click();
  await expect(page.getByText("Product added").first()).toBeVisible();
  await expect(page.getByRole("article", { name }).getByRole("button", { name: "Already Added" })).toBeDisabled();

  await catalogue.reload();
  await expect(catalogue.getByRole("heading", { name })).toBeVisible();
  await Promise.all([admin.close(), member.close()]);
});

test("an admin processes a member's social-rite code: credited once", async ({ browser }) => {
  const member = await as(browser, memberEmail("social"));
  const mine = await member.request.get(`${product.baseUrl}/api/social-rite/my-code`);
  const { code } = (await mine.json()) as { code: string };
  const admin = await as(browser, ADMIN);
  const page = await admin.newPage();
  await page.goto(`${product.baseUrl}/admin?tab=social-rite`);
  await page.getByLabel("Instagram codes").fill(`  ${code.toLowerCase()} , NOT-A-CODE\n`);
  await page.getByRole("button", { name: "Process Codes" }).click();
  await expect(page.getByText("Processing Complete").first()).toBeVisible();
  await expect(page.getByText("Awarded credits to 1 users. 0 already completed, 1 not found.").first()).toBeVisible();
  const after = await member.request.get(`${product.baseUrl}/api/social-rite/my-code`);
  expect(((await after.json()) as { completed: boolean }).completed).toBe(true);
  await Promise.all([admin.close(), member.close()]);
});

test("a member meets 'Access Denied' at every admin page", async ({ browser }) => {
  const member = await as(browser, memberEmail("curious"));
  const page = await member.newPage();
  for (const path of ["/admin", "/admin-list", "/summary", "/admin/charts", "/admin/puzzle/new"]) {
    await page.goto(`${product.baseUrl}${path}`);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("This area is restricted. Only authorized personnel may enter.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to the Sanctum" })).toHaveAttribute("href", "/sanctum");
  }
  await member.close();
});

test("axe finds no violation on any admin page", async ({ browser }) => {
  // Fourteen pages, each analysed in full: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const admin = await as(browser, ADMIN);
  const pages = [
    ...["puzzles", "trials", "social-rite", "gift-guide", "database", "audit", "deletions"].map(
      (tab) => `/admin?tab=${tab}`,
    ),
    "/admin-list",
    "/admin-list?tab=analytics",
    "/summary",
    "/admin/charts",
    "/admin/puzzle/new",
    "/admin/puzzle/1",
    "/admin/preview",
  ];
  await inTabs(admin, pages, async (page, path) => {
    await page.goto(`${product.baseUrl}${path}`);
    await expect(page.locator("main h1").first()).toBeVisible();
    await settled(page);
    expect.soft(await axeViolations(page), path).toEqual([]);
  });
  await admin.close();
});
