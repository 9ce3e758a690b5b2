import { AdminMessages, AdminToasts } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { DatabaseTab } from "./database-tab";

const refusal = AdminMessages.seedRefused("12 completions and 3 failed attempts by members");

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DatabaseTab />
    </QueryClientProvider>,
  );
}

/** The open dialog (jsdom keeps a modal's content out of the accessibility tree: `hidden`). */
function dialog() {
  return within(screen.getByRole("dialog", { hidden: true }));
}

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe("the Database tab's seeds", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the four seeds, each asking first and saying what it replaces", async () => {
    const { calls } = serve({});
    renderTab();
    for (const name of ["Auction lots", "Puzzles", "Trials", "Gift guide products"]) {
      expect(screen.getByRole("button", { name: `Seed ${name}` })).toBeTruthy();
    }
    await click(screen.getByRole("button", { name: "Seed Puzzles" }));
    expect(dialog().getByText("every puzzle, with its completions and failed attempts")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("on a 409 shows the server's words in the dialog and 'Seed anyway' sends force", async () => {
    const { sent } = serve({
      "POST /api/puzzles/seed": ({ body }) =>
        (body as { force: boolean }).force
          ? { status: 200, body: { count: 13 } }
          : { status: 409, body: { message: refusal, code: "CONFLICT" } },
    });
    renderTab();
    await click(screen.getByRole("button", { name: "Seed Puzzles" }));
    await click(dialog().getByRole("button", { name: "Seed Puzzles", hidden: true }));

    expect((await waitFor(() => dialog().getByRole("alert", { hidden: true }))).textContent).toBe(refusal);
    expect(toastNow()).toBeNull();
    await click(dialog().getByRole("button", { name: "Seed anyway", hidden: true }));

    await waitFor(() => expect(toastNow()?.title).toBe(AdminToasts.seededTitle));
    expect(toastNow()?.description).toBe("Puzzles seeded successfully. 13 items added.");
    expect(sent("POST", "/api/puzzles/seed").map((call) => call.body)).toEqual([{ force: false }, { force: true }]);
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
  });

  it("says 'Failed to seed {name}' when the seed fails otherwise, and asks afresh next time", async () => {
    serve({
      "POST /api/trials/seed": {
        status: 500,
        body: { message: "Something went wrong. Please try again.", code: "INTERNAL" },
      },
    });
    renderTab();
    await click(screen.getByRole("button", { name: "Seed Trials" }));
    await click(dialog().getByRole("button", { name: "Seed Trials", hidden: true }));
    await waitFor(() => expect(toastNow()?.title).toBe("Failed to seed Trials"));
    await click(dialog().getByRole("button", { name: "Cancel", hidden: true }));
    await click(screen.getByRole("button", { name: "Seed Trials" }));
    expect(dialog().queryByRole("button", { name: "Seed anyway", hidden: true })).toBeNull();
  });
});
