import { expect, test } from "@playwright/test";
import { placeBid } from "./support/lots";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

// DEMO places the event around today: lot 13 is open now and nobody has bid on it.
const product = useProduct({ DEMO: "1" });

test("two members on one lot: each sees the other's bid live, and the outbid one is told at once", async ({
  browser,
}) => {
  // The lots are behind the Bidding Hall gate, which the server keeps: the word, given once.
  const alice = await signedInContext(browser, product, memberEmail("alice"), { gate: true });
  const bob = await signedInContext(browser, product, memberEmail("bob"), { gate: true });
  const a = await alice.newPage();
  const b = await bob.newPage();
  await a.goto(`${product.baseUrl}/lot/13`);
  await b.goto(`${product.baseUrl}/lot/13`);
  await expect(a.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  await expect(b.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  // No bid yet: the lot reads its opening bid, as its card does, never "$0.00".
  await expect(a.getByRole("region", { name: "Bidding" }).getByText("Opening bid", { exact: true })).toBeVisible();

  await placeBid(a, "9");
  await expect(a.getByText("You are the highest bidder").first()).toBeVisible();
  // Bob's page was not reloaded: the new price arrives by itself.
  await expect(b.getByTestId("current-bid")).toHaveText(/\$9\.00/);
  await expect(b.getByRole("region", { name: "Bidding" }).getByText("Current bid", { exact: true })).toBeVisible();

  await placeBid(b, "10");
  await expect(b.getByText("You are the highest bidder").first()).toBeVisible();
  await expect(a.getByText("Outbid!")).toBeVisible();
  await expect(a.getByTestId("current-bid")).toHaveText(/\$10\.00/);
  await expect(a.getByRole("button", { name: "Place Bid" })).toBeEnabled();

  await alice.close();
  await bob.close();
});
