import type { BidsChartAnswer, CreditsChartAnswer, EconomyChartAnswer, SignupsChartAnswer } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import type { ChartSpec } from "../lib/chart-spec";

// jsdom draws no canvas: the chart stands in as a list of what it was given to draw, so the test
// can hold the picture's numbers against the table's.
vi.mock("./uplot-chart", () => ({
  default: ({ spec }: { spec: ChartSpec }) => (
    <ol data-testid="drawn">
      {spec.labels.map((label, i) => (
        <li key={label}>{`${label}: ${spec.series.map((s) => spec.format(s.values[i] ?? 0)).join(" / ")}`}</li>
      ))}
    </ol>
  ),
}));

const excluded = "Staff and admin accounts (2 configured, and any flagged admin) are left out of these figures.";
const signups: SignupsChartAnswer = {
  timeZone: "America/New_York",
  days: [
    { date: "2025-11-24", count: 1 },
    { date: "2025-11-25", count: 4 },
    { date: "2025-11-26", count: 0 },
  ],
  total: 5,
  excluded,
};
const bids: BidsChartAnswer = {
  span: { from: "2025-11-28T14:00:00.000Z", to: "2025-11-28T16:30:00.000Z" },
  hours: [
    { start: "2025-11-28T14:00:00.000Z", utc: "Fri 14:00", newYork: "Fri 09:00", count: 2, voided: 0 },
    { start: "2025-11-28T15:00:00.000Z", utc: "Fri 15:00", newYork: "Fri 10:00", count: 0, voided: 0 },
    { start: "2025-11-28T16:00:00.000Z", utc: "Fri 16:00", newYork: "Fri 11:00", count: 7, voided: 1 },
  ],
  total: 9,
  excluded,
};
const credits: CreditsChartAnswer = {
  timeZone: "America/New_York",
  issued: [
    { kind: "purchase", credits: "1200.00" },
    { kind: "puzzle", credits: "10.50" },
  ],
  spent: [{ kind: "lot_payment", credits: "20.00" }],
  totals: { issued: "1210.50", spent: "20.00", outstanding: "1190.50" },
  days: [
    {
      date: "2025-11-25",
      issued: "1210.50",
      spent: "0.00",
      issuedToDate: "1210.50",
      spentToDate: "0.00",
      outstanding: "1210.50",
    },
    {
      date: "2025-11-26",
      issued: "0.00",
      spent: "20.00",
      issuedToDate: "1210.50",
      spentToDate: "20.00",
      outstanding: "1190.50",
    },
  ],
  excluded,
};
const economy: EconomyChartAnswer = {
  at: "2025-11-28T17:30:00.000Z",
  outstanding: "1190.50",
  committed: "34.00",
  available: "1156.50",
  overCommitted: 0,
  openLots: { open: 4, led: 2, currentBids: "42.00", credits: "25.00" },
  excluded,
};

// The suite's workers keep modules between files: the page is loaded afresh, so that the chart it
// loads is the mock above and not a copy another file loaded first.
let ChartsPage: typeof import("./charts-page").ChartsPage;
beforeAll(async () => {
  vi.resetModules();
  ({ ChartsPage } = await import("./charts-page"));
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ChartsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const figures = (overrides: Partial<Record<string, { status: number; body: unknown }>> = {}) =>
  serve({
    "GET /api/admin/charts/signups": { status: 200, body: signups },
    "GET /api/admin/charts/bids": { status: 200, body: bids },
    "GET /api/admin/charts/credits": { status: 200, body: credits },
    "GET /api/admin/charts/economy": { status: 200, body: economy },
    ...overrides,
  });

/** The section a chart lives in, by its title. */
const section = (title: string) => within(screen.getByRole("region", { name: title }));

/** Opens a chart's table and answers its rows as text, one string per row, cells joined by " | ". */
async function tableOf(title: string): Promise<string[]> {
  const button = await waitFor(() => section(title).getByRole("button", { name: "Show as table" }));
  await act(async () => {
    fireEvent.click(button);
  });
  expect(section(title).getByRole("button", { name: "Hide table" }).getAttribute("aria-expanded")).toBe("true");
  const rows = within(section(title).getByRole("table")).getAllByRole("row").slice(1);
  return rows.map((row) =>
    within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent)
      .join(" | "),
  );
}

/** What the chart was given to draw, one string per category. */
async function drawn(title: string): Promise<(string | null)[]> {
  const list = await waitFor(() => section(title).getByTestId("drawn"));
  return [...list.querySelectorAll("li")].map((li) => li.textContent);
}

describe("the Charts page", () => {
  beforeEach(() => {
    // A browser that can draw: a canvas context and a ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({} as unknown as RenderingContext);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("names every chart, says what it shows in words, and says whose accounts it leaves out", async () => {
    figures();
    renderPage();
    const titles = [
      "The economy at a glance",
      "Sign-ups per day",
      "Bids per hour",
      "Credits issued by source",
      "Credits spent by use",
      "Credits over time",
    ];
    for (const title of titles) {
      const picture = await waitFor(() => section(title).getByRole("img", { name: title }));
      const summary = document.getElementById(picture.getAttribute("aria-describedby") ?? "");
      expect(summary?.textContent?.length, title).toBeGreaterThan(20);
      expect(section(title).getByText(excluded)).toBeTruthy();
    }
    expect(section("Sign-ups per day").getByText(/5 members signed up over 3 New York days/).textContent).toBe(
      "5 members signed up over 3 New York days, Nov 24, 2025 to Nov 26, 2025; the busiest day was Nov 25, 2025 with 4.",
    );
    expect(
      section("Bids per hour").getByText(
        /^9 bids \(1 since voided by the House\) on the lots in 3 hours.*busiest hour was Fri 11:00 New York \(Fri 16:00 UTC\) with 7/,
      ),
    ).toBeTruthy();
    expect(
      section("The economy at a glance").getByText(/2 of the 4 lots not yet closed are led by members/),
    ).toBeTruthy();
  });

  it("shows each chart's figures as a table with the same numbers as the picture", async () => {
    figures();
    renderPage();
    expect(await drawn("Sign-ups per day")).toEqual(["Nov 24: 1", "Nov 25: 4", "Nov 26: 0"]);
    expect(await tableOf("Sign-ups per day")).toEqual(["Nov 24, 2025 | 1", "Nov 25, 2025 | 4", "Nov 26, 2025 | 0"]);

    expect(await drawn("Bids per hour")).toEqual(["Fri 09:00: 2", "Fri 10:00: 0", "Fri 11:00: 7"]);
    expect(await tableOf("Bids per hour")).toEqual([
      "Fri 09:00 | 2 | Fri 14:00 | 0",
      "Fri 10:00 | 0 | Fri 15:00 | 0",
      "Fri 11:00 | 7 | Fri 16:00 | 1",
    ]);

    expect(await drawn("Credits issued by source")).toEqual(["Shop purchases: 1,200", "Puzzles: 10.50"]);
    expect(await tableOf("Credits issued by source")).toEqual(["Shop purchases | 1,200.00", "Puzzles | 10.50"]);

    expect(await drawn("Credits over time")).toEqual([
      "Nov 25: 1,210.50 / 0 / 1,210.50",
      "Nov 26: 1,210.50 / 20 / 1,190.50",
    ]);
    expect(await tableOf("Credits over time")).toEqual([
      "Nov 25, 2025 | 1,210.50 | 0.00 | 1,210.50 | 0.00 | 1,210.50",
      "Nov 26, 2025 | 0.00 | 20.00 | 1,210.50 | 20.00 | 1,190.50",
    ]);

    expect(await drawn("The economy at a glance")).toEqual([
      "Held: 1,190.50",
      "Committed: 34",
      "Available: 1,156.50",
      "Lot bids: 42",
      "In credits: 25",
    ]);
    expect((await tableOf("The economy at a glance")).map((row) => row.split(" | ")[1])).toEqual([
      "1,190.50",
      "34.00",
      "1,156.50",
      "42.00",
      "25.00",
    ]);
  });

  it("hides the table again, and says so when the auction has not opened", async () => {
    figures({ "GET /api/admin/charts/bids": { status: 200, body: { span: null, hours: [], total: 0, excluded } } });
    renderPage();
    await tableOf("Sign-ups per day");
    await act(async () => {
      fireEvent.click(section("Sign-ups per day").getByRole("button", { name: "Hide table" }));
    });
    expect(section("Sign-ups per day").queryByRole("table")).toBeNull();
    expect(
      await waitFor(() => section("Bids per hour").getByText("The auction has not opened yet: no lot has opened.")),
    ).toBeTruthy();
    expect(section("Bids per hour").queryByRole("img")).toBeNull();
    expect(section("Bids per hour").queryByRole("button", { name: "Show as table" })).toBeNull();
  });

  it("says so when members have more committed than their balance", async () => {
    figures({ "GET /api/admin/charts/economy": { status: 200, body: { ...economy, overCommitted: 1 } } });
    renderPage();
    expect(await screen.findByText(/1 member has more committed than their balance\.$/)).toBeTruthy();
  });

  it("shows the server's words for a chart that failed, the others still drawn", async () => {
    figures({ "GET /api/admin/charts/credits": { status: 503, body: { message: "The ledger is resting." } } });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("The ledger is resting.");
    expect(
      await waitFor(() => section("Sign-ups per day").getByRole("img", { name: "Sign-ups per day" })),
    ).toBeTruthy();
  });

  it("opens the tables at once where the browser cannot draw", async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal("ResizeObserver", undefined);
    figures();
    renderPage();
    const table = await waitFor(() => section("Sign-ups per day").getByRole("table"));
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(section("Sign-ups per day").queryByRole("img")).toBeNull();
  });
});
