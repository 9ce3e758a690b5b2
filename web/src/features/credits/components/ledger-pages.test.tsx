import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { answer, serve } from "../../../testing/serve";
import { CreditsHistoryPage } from "./credits-history-page";
import { EarnedCreditsPage } from "./earned-credits-page";

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the credits history", () => {
  it("shows the balance and total as whole numbers and every entry, with the way back to the sanctum", async () => {
    serve({
      "GET /api/user/credits-history": answer({
        mpcBalance: "45.50",
        totalCredits: 45.5,
        credits: [
          {
            id: 3,
            type: "puzzle",
            title: "The Drowned Bell",
            creditsAwarded: 7,
            completedAt: "2025-11-12T18:05:00Z",
            amount: null,
          },
          {
            id: 2,
            type: "trial",
            title: "The Ashen Oath",
            creditsAwarded: 0.5,
            completedAt: "2025-11-10T18:30:00Z",
            amount: null,
          },
          {
            id: 1,
            type: "purchase",
            title: "Order #1001",
            creditsAwarded: 38,
            completedAt: "2025-11-03T15:00:00Z",
            amount: "76.00",
          },
        ],
      }),
    });
    renderAt(<CreditsHistoryPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Credits History" })).toBeTruthy();
    expect((await screen.findByTestId("history-balance")).textContent).toBe("46MPC");
    expect(screen.getByTestId("history-total").textContent).toBe("46MPC");
    const rows = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(rows).toEqual([
      "PuzzleThe Drowned BellNov 12, 2025 at 1:05 PM EST+7MPC",
      "TrialThe Ashen OathNov 10, 2025 at 1:30 PM EST+0.50MPC",
      "PurchaseOrder #1001Nov 3, 2025 at 10:00 AM EST · $76.00 spent+38MPC",
    ]);
    expect(screen.getByRole("link", { name: /The Sanctum/ }).getAttribute("href")).toBe("/sanctum");
  });

  it("says 'No credits earned yet...' to a new member", async () => {
    serve({ "GET /api/user/credits-history": answer({ mpcBalance: "0.00", totalCredits: 0, credits: [] }) });
    renderAt(<CreditsHistoryPage />);
    expect(await screen.findByText("No credits earned yet...")).toBeTruthy();
    expect(screen.getByTestId("history-balance").textContent).toBe("0MPC");
  });

  it("tells a refusal in the server's words, and offers to try again", async () => {
    serve({ "GET /api/user/credits-history": answer({ message: "The ledger is sealed tonight" }, 503) });
    renderAt(<CreditsHistoryPage />);
    expect((await screen.findByRole("alert")).textContent).toBe("The ledger is sealed tonight");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("the earned credits breakdown", () => {
  it("lists each award dated 'MMM d, yyyy at h:mm a' with its zone, and the total, with the way back home", async () => {
    serve({
      "GET /api/user/earned-credits": answer({
        totalEarned: 12,
        credits: [
          { title: "The Drowned Bell", completedAt: "2025-11-12T18:05:00Z", credits: 7, type: "puzzle" },
          { title: "The Ashen Oath", completedAt: "2025-11-01T17:30:00Z", credits: 5, type: "trial" },
        ],
      }),
    });
    renderAt(<EarnedCreditsPage />);
    expect((await screen.findByTestId("earned-total")).textContent).toBe("12MPC");
    const rows = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(rows).toEqual([
      "PuzzleThe Drowned BellNov 12, 2025 at 1:05 PM EST+7MPC",
      "TrialThe Ashen OathNov 1, 2025 at 1:30 PM EDT+5MPC",
    ]);
    expect(screen.getByRole("link", { name: /Return home/ }).getAttribute("href")).toBe("/");
  });

  it("says what to do when nothing was earned yet", async () => {
    serve({ "GET /api/user/earned-credits": answer({ totalEarned: 0, credits: [] }) });
    renderAt(<EarnedCreditsPage />);
    expect(await screen.findByText("No earned credits yet. Complete puzzles and trials to earn credits!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Face the trials" }).getAttribute("href")).toBe("/earn-credits");
  });

  it("says the House cannot be reached when the request gets no answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderAt(<EarnedCreditsPage />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/^The House cannot be reached/);
  });
});
