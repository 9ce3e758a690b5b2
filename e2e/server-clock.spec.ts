import { expect, test } from "@playwright/test";
import { memberEmail, signInByApi } from "./support/members";
import { useProduct } from "./support/product";

// DEMO places the event around today: lot 13 is open now, closing within the hour.
const product = useProduct({ DEMO: "1" });

const HOUR = 3_600_000;

test("a device clock 3 hours fast still shows an open lot open, with the right countdown and the bid form", async ({
  page,
}) => {
  const api = page.context().request;
  await signInByApi(product, page.context(), memberEmail("clock"), { gate: true });
  const lot = (await (await api.get(`${product.baseUrl}/api/auction-lots/13`)).json()) as { closesAt: string };

  // The browser's clock runs on, 3 hours ahead of the server's (past the lot's close).
  await page.clock.install({ time: Date.now() + 3 * HOUR });
  await page.goto(`${product.baseUrl}/lot/13`);

  await expect(page.getByRole("button", { name: "Place Bid" })).toBeVisible();
  await expect(page.getByText("The hammer has fallen")).toHaveCount(0);
  const timer = page.getByRole("timer", { name: /^Time remaining:/ });
  await expect(timer).toBeVisible();
  const label = (await timer.getAttribute("aria-label")) ?? "";
  const [, hours, minutes] = /(\d+) hours?, (\d+) minutes?/.exec(label) ?? [];
  const left = (Date.parse(lot.closesAt) - Date.now()) / 60_000;
  expect(Number(hours)).toBe(Math.floor(left / 60));
  expect(Math.abs(Number(minutes) - Math.floor(left % 60))).toBeLessThanOrEqual(1);
});
