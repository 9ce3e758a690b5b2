import { expect, test } from "@playwright/test";
import { placeBid } from "./support/lots";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

// DEMO places the event around today: lot 13 is open now and nobody has bid on it. A bid in
// its last 15 seconds extends it by that much, so the close comes soon after the last bid.
const product = useProduct({ DEMO: "1", SOFT_CLOSE_SECONDS: "15" }, { workers: true });

test("two members on one lot see its close truthfully without a reload, and the winner's paid claim turns to 'View Cart' live", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await signedInContext(browser, product, memberEmail("alice"), { gate: true });
  const bob = await signedInContext(browser, product, memberEmail("bob"), { gate: true });
  // The lot's close brought near: 16 seconds from now.
  await product.sql("UPDATE auction_lots SET closes_at = now() + interval '16 seconds' WHERE lot_number = 13");

  const a = await alice.newPage();
  const b = await bob.newPage();
  await a.goto(`${product.baseUrl}/lot/13`);
  await b.goto(`${product.baseUrl}/lot/13`);

  await placeBid(a, "9");
  await expect(a.getByText("You are the highest bidder").first()).toBeVisible();
  await placeBid(b, "10");
  await expect(b.getByText("You are the highest bidder").first()).toBeVisible();
  // Bob's bid came in the last seconds: the close moved later, and Alice is told why.
  await expect(a.getByText("Extended: a bid in the last minutes")).toBeVisible();

  // The close, seen live by both: the winner is told so, the other who won.
  await expect(b.getByText("You won", { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(a.getByText(/^Won by Bidder \d+$/)).toBeVisible({ timeout: 15_000 });
  await expect(b.getByText(/Won by/)).toHaveCount(0);
  const claim = b.getByRole("link", { name: "Claim Now" });
  await expect(claim).toBeVisible({ timeout: 15_000 });

  // Bob pays the dev shop's checkout in its own tab; his lot page turns to 'View Cart' by itself.
  const [checkout] = await Promise.all([bob.waitForEvent("page"), claim.click()]);
  await checkout.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(checkout.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  await expect(b.getByRole("link", { name: "View Cart" })).toBeVisible({ timeout: 15_000 });
  // ...and is offered the sync that turns the order into credits.
  await expect(b.getByText("Claim paid")).toBeVisible();
  await expect(b.getByRole("button", { name: "Sync purchases" }).first()).toBeVisible();
  await expect(a.getByText(/^Won by Bidder \d+$/)).toBeVisible();

  await alice.close();
  await bob.close();
});
