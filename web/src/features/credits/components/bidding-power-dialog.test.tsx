import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { renderAt } from "../../../testing/render-at";
import { answer, serve as stub } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { BiddingPowerDialog } from "./bidding-power-dialog";

const account = {
  mpcBalance: "188.00",
  lastShopifySync: "2025-11-20T15:30:00.000Z",
  purchases: [
    {
      id: 1,
      shopifyOrderId: "gid://shopify/Order/1001",
      orderDate: "2025-11-20T15:00:00.000Z",
      mpcCredited: "188.00",
      orderAmount: "375.00",
    },
  ],
};

/** The account, the committed figure, and a sync that answers when `release` is called. */
function serve(sync: { status: number; body: unknown }) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  stub({
    "GET /api/user/mpc": answer(account),
    "GET /api/user/committed-credits": answer({ committedCredits: 10 }),
    "POST /api/shopify/sync": async () => {
      await gate;
      return sync;
    },
  });
  return () => release();
}

function renderDialog() {
  renderAt(
    "/",
    <BiddingPowerDialog open onOpenChange={() => {}} email="raven@demo.example" fallbackBalance="188.00" />,
    createQueryClient(),
  );
}

describe("the Bidding Power dialog", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists recent purchases (order number, date, credits, dollars), the last sync and 'See All Credits'", async () => {
    serve({ status: 200, body: { message: "ok" } });
    renderDialog();
    const purchases = await screen.findByRole("region", { name: "Recent Purchases" });
    await within(purchases).findByText("Order #1001");
    expect(within(purchases).getByText("Nov 20, 2025")).toBeTruthy();
    expect(within(purchases).getByText("+188.00 MPC")).toBeTruthy();
    expect(within(purchases).getByText("$375.00")).toBeTruthy();
    expect(screen.getByText(/^Last synced Nov 20, 2025 at 10:30 AM EST$/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /See All Credits/ }).getAttribute("href")).toBe("/credits-history");
  });

  it("disables the sync while it runs, then says 'Shopify Sync Complete' with the server's message", async () => {
    const release = serve({ status: 200, body: { message: "1 new order found: 188 MPC credits added" } });
    renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Sync purchases" }));
    const pending = await screen.findByRole("button", { name: "Syncing..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(toastNow()?.title).toBe("Shopify Sync Complete"));
    expect(toastNow()?.description).toBe("1 new order found: 188 MPC credits added");
    expect((screen.getByRole("button", { name: "Sync purchases" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Sync Failed' with the server's message when the sync is refused", async () => {
    const release = serve({ status: 429, body: { message: "A sync is already running", code: "RATE_LIMITED" } });
    renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Sync purchases" }));
    release();
    await waitFor(() => expect(toastNow()?.title).toBe("Sync Failed"));
    expect(toastNow()?.description).toBe("A sync is already running");
    expect(toastNow()?.variant).toBe("destructive");
  });
});
