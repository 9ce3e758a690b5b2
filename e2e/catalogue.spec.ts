import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

/**
 * The Forbidden Catalogue as members meet it on the real product (DEMO): two products into the
 * cart, the cart kept across a reload, the dev shop's checkout paid, the purchase synced into the
 * Bidding Power dialog; and the staff buying a credit-priced item with credits.
 */
const STAFF = "curator@e2e.example";
const product = useProduct({ DEMO: "1", STAFF_EMAILS: STAFF });

/** The checkout opens in a new tab, or in this one when the pop-up is blocked: either way, its page. */
async function checkoutPage(context: BrowserContext, page: Page, open: () => Promise<void>): Promise<Page> {
  const popup = context.waitForEvent("page", { timeout: 15_000 }).catch(() => null);
  await open();
  const opened = await Promise.race([
    popup,
    page.waitForURL(/\/dev-shop\/checkout\//, { timeout: 15_000 }).then(() => page),
  ]);
  if (!opened) throw new Error("the checkout did not open");
  await opened.waitForURL(/\/dev-shop\/checkout\//);
  return opened;
}

test("a member fills the cart from the catalogue, keeps it across a reload, pays, syncs and sees the purchase", async ({
  browser,
}) => {
  const context = await signedInContext(browser, product, memberEmail("catalogue"), {
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/gift-guide`);
  await expect(page.getByRole("heading", { level: 1, name: "Forbidden Catalogue" })).toBeVisible();
  const cards = page.getByTestId("catalogue-product");
  await expect(cards).toHaveCount(7);
  // Price descending: the dearest first; no credit section for a member.
  await expect(cards.first().getByRole("heading")).toHaveText("The Reliquary Box");
  await expect(page.getByRole("heading", { name: "Spend Your Credits" })).toHaveCount(0);
  const view = cards.first().getByRole("link", { name: /View Product/ });
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAttribute("href", /\/products\/reliquary-box$/);
  const shopTab = context.waitForEvent("page");
  await view.click();
  const shopPage = await shopTab;
  await expect(shopPage.getByRole("heading", { level: 1, name: "The Reliquary Box" })).toBeVisible();
  await shopPage.close();

  const card = (title: string) => cards.filter({ has: page.getByRole("heading", { name: title }) });
  await card("The Reliquary Box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Go to Cart" })).toBeVisible();
  await card("Crimson Ledger Box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Another tab sees the same cart, and follows a change made here.
  const other = await context.newPage();
  await other.goto(`${product.baseUrl}/gift-guide`);
  await expect(other.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
  await card("Gilded Bones Box").getByRole("button", { name: "Add to Cart" }).click();
  await expect(other.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();
  await other.getByRole("button", { name: "Cart, 3 items" }).click();
  await other.getByRole("button", { name: "Remove Gilded Bones Box" }).click();
  await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
  await other.close();
  await page.getByRole("button", { name: "Cart, 2 items" }).click();
  const sheet = page.getByRole("dialog", { name: "Your Cart" });
  const lines = sheet.getByRole("list", { name: "Cart items" });
  await expect(lines.getByText("The Reliquary Box", { exact: true })).toBeVisible();
  await expect(lines.getByText("Crimson Ledger Box", { exact: true })).toBeVisible();

  const checkout = await checkoutPage(context, page, () => sheet.getByRole("button", { name: "Checkout" }).click());
  await checkout.getByRole("button", { name: "Pay $375.00 (simulated)" }).click();
  await expect(checkout.getByText(/Paid · order/)).toBeVisible();

  // $225 -> 113 credits, $150 -> 75: 188, in the Bidding Power dialog after the sync.
  await page.goto(`${product.baseUrl}/gift-guide`);
  await page.getByRole("button", { name: /^Bidding Power: \d+ MPC credits$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Bidding Power" });
  await dialog.getByRole("button", { name: "Sync purchases" }).click();
  await expect(page.getByText("Shopify Sync Complete")).toBeVisible();
  await expect(page.getByText("1 new order found: 188 MPC credits added")).toBeVisible();
  const purchases = dialog.getByRole("region", { name: "Recent Purchases" });
  await expect(purchases.getByText(/^Order #\d+$/)).toBeVisible();
  await expect(purchases.getByText("+188.00 MPC")).toBeVisible();
  await expect(purchases.getByText("$375.00")).toBeVisible();
  await expect(dialog.getByText(/^Last synced /)).toBeVisible();
  await expect(dialog.getByRole("link", { name: /See All Credits/ })).toHaveAttribute("href", "/credits-history");
  await context.close();
});

test("staff spend credits on a credit-priced item: held, then spent once the checkout is paid", async ({ browser }) => {
  const context = await signedInContext(browser, product, STAFF, { viewport: { width: 1366, height: 900 } });
  const api = context.request;
  // 113 credits from a paid order, synced.
  const cart = await api.post(`${product.baseUrl}/api/create-cart`, {
    data: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/2001", quantity: 1 }] },
  });
  const paidId = ((await cart.json()) as { checkoutUrl: string }).checkoutUrl.split("/dev-shop/checkout/")[1];
  expect((await api.post(`${product.baseUrl}/api/dev-shop/checkouts/${paidId}/pay`, { data: {} })).ok()).toBe(true);
  expect((await api.post(`${product.baseUrl}/api/shopify/sync`, { data: { year: 2024 } })).ok()).toBe(true);

  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/gift-guide`);
  const section = page.getByRole("region", { name: "Spend Your Credits" });
  await expect(section.getByTestId("catalogue-product")).toHaveCount(3);
  await expect(section.getByText("use up to 10 credits")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await section
    .getByTestId("catalogue-product")
    .filter({ has: page.getByRole("heading", { name: "Candle of Unmaking" }) })
    .getByRole("button", { name: "Use 10 credits for $10.00 off" })
    .click();
  await expect(page.getByText("Credits Applied")).toBeVisible();
  await expect(page.getByText("10 credits used for $10 off your purchase!")).toBeVisible();
  const offer = page.getByRole("dialog", { name: "Your Discount Awaits" });
  const link = offer.getByRole("link", { name: /Checkout on the store/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const committed = async () =>
    ((await (await api.get(`${product.baseUrl}/api/user/committed-credits`)).json()) as { committedCredits: number })
      .committedCredits;
  expect(await committed()).toBe(10);

  const checkout = await checkoutPage(context, page, () => link.click());
  await expect(checkout.getByText("$10.00").first()).toBeVisible();
  await checkout.getByRole("button", { name: "Pay $8.00 (simulated)" }).click();
  await expect(checkout.getByText(/Paid · order/)).toBeVisible();
  expect(await committed()).toBe(0);
  const balance = ((await (await api.get(`${product.baseUrl}/api/user/mpc`)).json()) as { mpcBalance: string })
    .mpcBalance;
  // 113 earned, 10 spent on the candle.
  expect(balance).toBe("103.00");
  await context.close();
});
