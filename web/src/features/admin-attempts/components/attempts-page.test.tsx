import type { AdminAttempt, AdminAttemptList } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { AttemptsPage } from "./attempts-page";

function attempt(overrides: Partial<AdminAttempt> = {}): AdminAttempt {
  return {
    id: 1,
    at: "2025-11-05T18:01:00.000Z",
    verdict: "wrong",
    member: { id: "0b7f0c1e-2a4c-4d8e-9d6a-1c2b3a4d5e6f", email: "seeker@example.test", name: "Ada Seeker" },
    challenge: { type: "puzzle", id: 3, title: "The Raven's Riddle", urlSlug: "the-raven-s-riddle" },
    address: "203.0.113.9",
    answer: "nevermore?",
    regradeOf: null,
    ...overrides,
  };
}

const page = (items: AdminAttempt[], total = items.length): AdminAttemptList => ({
  items,
  page: 1,
  pageSize: 50,
  total,
});

let location = "";
function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

function renderPage(at = "/admin/attempts") {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <AttemptsPage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the attempt log page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists every answer with its verdict, member, challenge, answer and address; times name their zone", async () => {
    serve({
      "GET /api/admin/attempts": {
        status: 200,
        body: page([
          attempt(),
          attempt({ id: 2, verdict: "rate_limited", answer: null, address: null }),
          attempt({ id: 3, verdict: "regraded_right", regradeOf: 1 }),
        ]),
      },
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Attempts" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain("Wrong");
    expect(first.textContent).toContain("seeker@example.test");
    expect(first.textContent).toContain("Ada Seeker");
    expect(first.textContent).toContain("nevermore?");
    expect(first.textContent).toContain("203.0.113.9");
    expect(first.textContent).toMatch(/EST/);
    expect(within(first).getByRole("link", { name: "The Raven's Riddle" }).getAttribute("href")).toBe(
      "/admin/puzzle/3",
    );
    expect(rows[1]?.textContent).toContain("Rate limited");
    expect(rows[2]?.textContent).toContain("Re-graded: right");
    expect(screen.getByText("3 attempts")).toBeTruthy();
  });

  it("keeps filters, sort and page in the URL and asks the server with them", async () => {
    const { sent } = serve({ "GET /api/admin/attempts": { status: 200, body: page([attempt()], 120) } });
    renderPage("/admin/attempts?verdict=wrong&challengeId=3&type=puzzle");
    await screen.findByRole("table", { name: "Attempts" });
    const asked = sent("GET", "/api/admin/attempts")[0]?.url.searchParams;
    expect([asked?.get("verdict"), asked?.get("challengeId"), asked?.get("type")]).toEqual(["wrong", "3", "puzzle"]);
    expect((screen.getByLabelText("Verdict") as HTMLSelectElement).value).toBe("wrong");

    fireEvent.change(screen.getByLabelText("Verdict"), { target: { value: "rate_limited" } });
    await waitFor(() => expect(location).toContain("verdict=rate_limited"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "seeker@example.test" }));
    });
    await waitFor(() => expect(location).toContain("member=0b7f0c1e-2a4c-4d8e-9d6a-1c2b3a4d5e6f"));
    await waitFor(() =>
      expect(sent("GET", "/api/admin/attempts").at(-1)?.url.searchParams.get("member")).toBe(
        "0b7f0c1e-2a4c-4d8e-9d6a-1c2b3a4d5e6f",
      ),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /Verdict/ }));
    });
    await waitFor(() => expect(location).toMatch(/sort=verdict/));
  });

  it("says when the log cannot be read, and retries", async () => {
    let calls = 0;
    serve({
      "GET /api/admin/attempts": () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { message: "The House is busy", code: "INTERNAL" } }
          : { status: 200, body: page([]) };
      },
    });
    renderPage();
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: /try again|retry/i }));
    });
    expect((await screen.findAllByText("No attempt matches these filters.")).length).toBeGreaterThan(0);
  });
});
