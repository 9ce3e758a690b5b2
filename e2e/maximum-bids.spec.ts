import { expect, type Page, test } from "@playwright/test";
import { placeBid } from "./support/lots";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

// DEMO places the event around today: lot 14 is open now and nobody has bid on it.
const product = useProduct({ DEMO: "1" });
const LOT = 14;

/** With SHOTS_DIR set, the page as it stands, for a person to look at (not an assertion). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test("a member leaves a maximum; another is outbid at once by the House; the leader sees and raises their maximum, which no one else sees", async ({
  browser,
}) => {
  const alice = await signedInContext(browser, product, memberEmail("alice"), { gate: true });
  const bob = await signedInContext(browser, product, memberEmail("bob"), { gate: true });
  const a = await alice.newPage();
  const b = await bob.newPage();
  await a.setViewportSize({ width: 390, height: 844 });
  await a.goto(`${product.baseUrl}/lot/${LOT}`);
  await b.goto(`${product.baseUrl}/lot/${LOT}`);
  // The lot's opening bid (its reserve), from its page: the amounts below are above it.
  await expect(a.getByTestId("current-bid")).toHaveText(/\$\d/);
  const opening = Number((await a.getByTestId("current-bid").textContent())?.match(/\$([\d.]+)/)?.[1]);
  const money = (dollars: number) => `$${dollars.toFixed(2)}`;
  const price = (dollars: number) => new RegExp(money(dollars).replace(/[$.]/g, "\\$&"));
  const [maximum, byHand, raised] = [opening + 80, opening + 20, opening + 130];

  // Alice leaves a maximum well above the opening bid.
  await a.getByText("Leave a maximum").click();
  await a.getByLabel("Your maximum").fill(String(maximum));
  await a.getByRole("button", { name: "Place Maximum" }).click();
  await expect(a.getByRole("dialog")).toContainText(`Leave a maximum of ${money(maximum)}`);
  await a.getByRole("button", { name: "Confirm Bid" }).click();
  await expect(a.getByText(`Your maximum: ${money(maximum)}`)).toBeVisible();
  // The House bid for her the least it must: the opening bid.
  await expect(a.getByTestId("current-bid")).toHaveText(price(opening));
  await shot(a, "maximum-leader-phone");

  // Bob bids by hand under it: accepted, and answered at once by the House for Alice.
  await placeBid(b, String(byHand));
  await expect(b.getByText("Outbid at once")).toBeVisible();
  await expect(b.getByTestId("current-bid")).toHaveText(price(byHand + 1));
  // The history marks the House's bids "on a maximum", never saying how far it goes.
  await b.getByRole("tab", { name: /Bid history/i }).click();
  await expect(b.getByText("on a maximum").first()).toBeVisible();
  // Bob's page never carries Alice's maximum.
  expect(await b.content()).not.toContain(maximum.toFixed(2));
  await shot(b, "maximum-outbid-desktop");

  // Alice's page moved with it, and she raises her maximum; the price does not move.
  await expect(a.getByTestId("current-bid")).toHaveText(price(byHand + 1));
  await a.getByLabel("New maximum").fill(String(raised));
  await a.getByRole("button", { name: "Raise Maximum" }).click();
  await a.getByRole("button", { name: "Confirm Bid" }).click();
  await expect(a.getByText(`Your maximum: ${money(raised)}`)).toBeVisible();
  await expect(a.getByTestId("current-bid")).toHaveText(price(byHand + 1));
  await shot(a, "maximum-raised-phone");

  await alice.close();
  await bob.close();
});
