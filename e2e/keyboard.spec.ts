import { expect, type Page, test } from "@playwright/test";
import { memberEmail, signInByApi } from "./support/members";
import { useProduct } from "./support/product";
import { GATE_WORD } from "./support/server";

// DEMO places the event around today: some lots are open now.
const product = useProduct({ DEMO: "1" });

/** The focused element's name, roughly as assistive technology computes it. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "";
    const byIds = (ids: string | null) =>
      (ids ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim();
    const labels = (el as HTMLInputElement).labels;
    return (
      el.getAttribute("aria-label") ||
      byIds(el.getAttribute("aria-labelledby")) ||
      (labels && labels.length > 0 ? (labels[0]?.textContent ?? "") : "") ||
      (el.textContent ?? "")
    )
      .replace(/\s+/g, " ")
      .trim();
  });
}

/** Presses Tab until the focused control's name matches, as a keyboard user would. */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`no control named ${name} within ${max} presses of Tab`);
}

/** The focused control shows a ring of at least 2 px. */
async function expectFocusRing(page: Page) {
  const width = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return style.outlineStyle === "none" ? 0 : Number.parseFloat(style.outlineWidth);
  });
  expect(width).toBeGreaterThanOrEqual(2);
}

test("keyboard only: sign in, pass the gate and bid, with Tab, Enter and typing", async ({ page }) => {
  const email = memberEmail("keys");
  await page.goto(`${product.baseUrl}/enter`);

  await tabTo(page, /^Email$/);
  await expectFocusRing(page);
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  // The code step puts the focus in the code field.
  await expect(page.getByLabel("Verification code")).toBeFocused();
  await page.keyboard.type(await product.readCode(email));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/sanctum$/);
  // After the route change, focus is on the page's main heading.
  await expect(page.getByRole("heading", { level: 1, name: "The Sanctum" })).toBeFocused();

  await tabTo(page, /^Bidding Hall$/);
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  const gate = page.getByRole("dialog", { name: "The Bidding Hall is Sealed" });
  await expect(gate.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(GATE_WORD);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/auctions$/);
  const rites = page.getByRole("dialog", { name: "Bidding Rites" });
  await expect(rites).toBeVisible();
  await tabTo(page, /^I accept the rites$/);
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(rites).toBeHidden();

  // An open lot whose card the hall shows now (the carousels show a few lots of each night at a time).
  type Lot = {
    lotNumber: number;
    title: string;
    isClosed: boolean;
    opensAt: string;
    closesAt: string;
    minimumBid: string;
  };
  const lots = (await (await page.request.get(`${product.baseUrl}/api/auction-lots`)).json()) as Lot[];
  // The hall draws its cards once its own fetch of the lots has answered: asked until one is drawn.
  let lot: Lot | undefined;
  await expect
    .poll(
      async () => {
        for (const candidate of lots) {
          const openNow =
            !candidate.isClosed &&
            Date.parse(candidate.opensAt) < Date.now() &&
            Date.parse(candidate.closesAt) > Date.now() + 120_000;
          if (openNow && (await page.getByRole("link", { name: candidate.title, exact: true }).count()) > 0) {
            lot = candidate;
            return candidate.title;
          }
        }
        return undefined;
      },
      { message: "an open lot shown in the hall" },
    )
    .toBeDefined();
  if (!lot) throw new Error("no open lot shown in the hall");
  const title = lot.title;
  await tabTo(page, new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), 200);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/lot/${lot.lotNumber}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeFocused();

  await tabTo(page, /^Bid amount$/);
  await page.keyboard.press("Control+A");
  const bid = (Number(lot.minimumBid) + 1).toFixed(2);
  await page.keyboard.type(bid);
  const shown = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(bid));
  await tabTo(page, /^Place Bid$/);
  // The red button shows its ring too.
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Confirm Your Bid" });
  await expect(confirm.getByTestId("confirm-total")).toHaveText(shown);
  await tabTo(page, /^Confirm Bid$/);
  await expectFocusRing(page);
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("current-bid")).toContainText(shown);
  await expect(page.getByText("You are the highest bidder").first()).toBeVisible();
  await expect(confirm).toBeHidden();
});

test("a toast stands above the open gate dialog and can be clicked there", async ({ page }) => {
  await signInByApi(product, page, memberEmail("toast"));
  await page.goto(`${product.baseUrl}/sanctum`);
  await page.getByRole("button", { name: "Bidding Hall" }).click();
  const gate = page.getByRole("dialog", { name: "The Bidding Hall is Sealed" });
  await gate.getByLabel("Password").fill("wrong word");
  await gate.getByRole("button", { name: "Unseal" }).click();

  const region = page.getByRole("region", { name: /Notifications/ });
  await expect(region.getByText("Incorrect password. Access denied.")).toBeVisible();
  // A real click (no force): it reaches the toast only if nothing, the dialog included, covers it.
  await region.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(region.getByText("Incorrect password. Access denied.")).toBeHidden();
  await expect(gate).toBeVisible();
  // The refusal stays said at the field.
  await expect(gate.getByText("Incorrect password. Access denied.")).toBeVisible();

  // Escape closes the dialog and focus returns to the card that opened it.
  await page.keyboard.press("Escape");
  await expect(gate).toBeHidden();
  await expect(page.getByRole("button", { name: "Bidding Hall" })).toBeFocused();
});
