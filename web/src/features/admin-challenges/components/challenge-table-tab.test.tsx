import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { renderAt } from "../../../testing/render-at";
import { serve } from "../../../testing/serve";
import { adminChallengeFixture, pageOf } from "../testing/admin-challenge-fixture";
import { ChallengeTableTab } from "./challenge-table-tab";

const rows = [
  adminChallengeFixture({ id: 3, title: "The Raven's Riddle", credits: 5 }),
  adminChallengeFixture({ id: 7, title: "Ashes", credits: 30, isActive: false, urlSlug: "ashes" }),
];

function open(url: string) {
  const server = serve({
    "GET /api/admin/challenges": ({ url }) => ({
      status: 200,
      body: pageOf(rows, Number(url.searchParams.get("page") ?? 1), 120),
    }),
  });
  const router = renderAt(
    url,
    <Routes>
      <Route path="/admin" element={<ChallengeTableTab type="puzzle" />} />
    </Routes>,
    createQueryClient(),
  );
  return { server, router };
}

const lastList = (calls: Array<{ url: URL }>) => calls[calls.length - 1]?.url.searchParams;

describe("the dashboard's puzzle table", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks the server for the sort, order and page the URL states, and marks the sorted header", async () => {
    const { server } = open("/admin?sort=title&order=desc&page=2");
    expect(await screen.findByText("Ashes")).toBeTruthy();
    const asked = lastList(server.calls);
    expect(Object.fromEntries(asked ?? [])).toMatchObject({ type: "puzzle", sort: "title", order: "desc", page: "2" });
    const title = screen.getByRole("columnheader", { name: /Title/ });
    expect(title.getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByRole("columnheader", { name: /Credits/ }).getAttribute("aria-sort")).toBe("none");
    expect(screen.getByText(/Showing 51–100 of 120/)).toBeTruthy();
  });

  it("writes a header click and a page into the URL, and reads them back", async () => {
    const { server, router } = open("/admin?page=2");
    await screen.findByText("Ashes");

    fireEvent.click(screen.getByRole("button", { name: /Credits/ }));
    await waitFor(() => expect(router.location.search).toBe("?sort=credits"));
    await waitFor(() => expect(lastList(server.calls)?.get("sort")).toBe("credits"));
    expect(lastList(server.calls)?.get("page")).toBe("1");
    expect(screen.getByRole("columnheader", { name: /Credits/ }).getAttribute("aria-sort")).toBe("ascending");

    fireEvent.click(screen.getByRole("button", { name: /Credits/ }));
    await waitFor(() => expect(router.location.search).toBe("?sort=credits&order=desc"));

    fireEvent.click(screen.getByRole("button", { name: /Next/ }));
    await waitFor(() => expect(router.location.search).toBe("?sort=credits&order=desc&page=2"));
    await waitFor(() =>
      expect(Object.fromEntries(lastList(server.calls) ?? [])).toMatchObject({
        sort: "credits",
        order: "desc",
        page: "2",
      }),
    );

    // Back undoes the page, as the URL holds it.
    router.navigate(-1);
    await waitFor(() => expect(router.location.search).toBe("?sort=credits&order=desc"));
    await waitFor(() => expect(lastList(server.calls)?.get("page")).toBe("1"));
  });

  it("shows each row's ID, title, date, credits and status, and the total", async () => {
    open("/admin");
    const row = (await screen.findByText("Ashes")).closest("tr") as HTMLElement;
    expect(within(row).getByText("7")).toBeTruthy();
    expect(within(row).getByText("Nov 5, 2025")).toBeTruthy();
    expect(within(row).getByText("30")).toBeTruthy();
    expect(within(row).getByText("Inactive")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Edit Ashes" })).toBeTruthy();
    expect(screen.getByText("120")).toBeTruthy();
  });
});
