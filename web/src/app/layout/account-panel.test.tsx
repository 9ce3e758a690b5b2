import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { member as memberFixture } from "../../testing/member-fixture";
import { renderAt } from "../../testing/render-at";
import { answer, type StubRoute, serve as stub } from "../../testing/serve";
import AccountPanel from "./account-panel";

const member = memberFixture({ mpcBalance: "42.00", gateOpen: true });

const purchase = (id: number, orderDate: string, mpcCredited: string) => ({
  id,
  shopifyOrderId: `gid://shopify/Order/${1000 + id}`,
  orderDate,
  mpcCredited,
  orderAmount: "100.00",
});

const noEarned = { totalEarned: 0, credits: [] };

const award = (n: number) => ({
  title: `The Candle Trial ${n}`,
  completedAt: `2025-11-${String(10 + n).padStart(2, "0")}T18:30:00Z`,
  credits: n,
  type: n % 2 ? ("trial" as const) : ("puzzle" as const),
});

/** The server: the member's account, and what they earned (an answer, or "offline"). */
function serve(account: unknown, earned: StubRoute = answer(noEarned)) {
  stub({
    "GET /api/user/mpc": answer(account),
    "GET /api/user/earned-credits": earned,
    "GET /api/user/committed-credits": answer({ committedCredits: 0 }),
    "GET /api/auction-lots/won": answer([]),
  });
}

function renderPanel() {
  renderAt("/", <AccountPanel user={member} balance="42.00" onLeave={() => {}} />, createQueryClient());
}

describe("the account dropdown", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the last sync and the first three recent purchases, dated in New York", async () => {
    serve({
      mpcBalance: "42.00",
      lastShopifySync: "2026-11-22T18:30:00Z",
      purchases: [
        purchase(1, "2026-11-21T12:00:00Z", "10.00"),
        purchase(2, "2026-11-20T12:00:00Z", "8.00"),
        purchase(3, "2026-11-19T12:00:00Z", "6.00"),
        purchase(4, "2026-11-18T12:00:00Z", "4.00"),
      ],
    });
    renderPanel();
    expect(await screen.findByText("Last synced Nov 22, 2026 at 1:30 PM EST")).toBeTruthy();
    const list = within(screen.getByRole("region", { name: "Recent Purchases" })).getByRole("list");
    const items = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual(["Nov 21, 2026+10.00 MPC", "Nov 20, 2026+8.00 MPC", "Nov 19, 2026+6.00 MPC"]);
  });

  it("says honestly when nothing was synced or bought yet", async () => {
    serve({ mpcBalance: "0.00", lastShopifySync: null, purchases: [] });
    renderPanel();
    expect(await screen.findByText("Not synced with the shop yet")).toBeTruthy();
    expect(screen.getByText("No purchases credited yet.")).toBeTruthy();
  });

  it("shows the operator's way into the admin area to admins only", async () => {
    serve({ mpcBalance: "0.00", lastShopifySync: null, purchases: [] });
    renderPanel();
    expect(screen.queryByRole("navigation", { name: "The operator's area" })).toBeNull();
    cleanup();
    renderAt(
      "/",
      <AccountPanel user={{ ...member, isAdmin: true }} balance="42.00" onLeave={() => {}} />,
      createQueryClient(),
    );
    const area = screen.getByRole("navigation", { name: "The operator's area" });
    expect(within(area).getByRole("link", { name: "Admin Dashboard" }).getAttribute("href")).toBe("/admin");
    expect(within(area).getByRole("link", { name: "Content Management" }).getAttribute("href")).toBe("/admin-list");
    expect(within(area).getByRole("link", { name: "Activity Summary" }).getAttribute("href")).toBe("/summary");
    expect(within(area).getByRole("link", { name: "Charts" }).getAttribute("href")).toBe("/admin/charts");
  });

  it("lists the first five earned credits, newest first, with the link to the breakdown", async () => {
    const credits = [7, 6, 5, 4, 3, 2].map(award);
    serve({ mpcBalance: "27.00", lastShopifySync: null, purchases: [] }, answer({ totalEarned: 27, credits }));
    renderPanel();
    const earned = await screen.findByRole("region", { name: "Earned Credits" });
    const items = await within(earned).findAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "The Candle Trial 7+7.00 MPC",
      "The Candle Trial 6+6.00 MPC",
      "The Candle Trial 5+5.00 MPC",
      "The Candle Trial 4+4.00 MPC",
      "The Candle Trial 3+3.00 MPC",
    ]);
    expect(within(earned).getByRole("link", { name: "All earned credits" }).getAttribute("href")).toBe(
      "/earned-credits-breakdown",
    );
  });

  it("says so when nothing was earned yet, and still links to the breakdown", async () => {
    serve({ mpcBalance: "0.00", lastShopifySync: null, purchases: [] });
    renderPanel();
    const earned = await screen.findByRole("region", { name: "Earned Credits" });
    expect(
      await within(earned).findByText("No earned credits yet. Complete puzzles and trials to earn credits!"),
    ).toBeTruthy();
    expect(within(earned).getByRole("link", { name: "All earned credits" }).getAttribute("href")).toBe(
      "/earned-credits-breakdown",
    );
  });

  it("says the House cannot be reached when the earned credits get no answer", async () => {
    serve({ mpcBalance: "0.00", lastShopifySync: null, purchases: [] }, "offline");
    renderPanel();
    const earned = await screen.findByRole("region", { name: "Earned Credits" });
    expect(await within(earned).findByText(/The House cannot be reached/)).toBeTruthy();
  });
});
