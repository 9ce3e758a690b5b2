import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { MembersListPage } from "./members-list-page";

const morwenna = {
  id: "4f1c2a9e-8d51-4f6b-9a3e-2b7c5d8e1f00",
  email: "morwenna@test.example",
  firstName: "Morwenna",
  lastName: "Quill",
  referralCode: "RAVEN7",
  balance: "52.00",
  createdAt: "2025-11-20T18:00:00.000Z",
  lastSignInAt: null,
  flags: ["staff"],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/admin/members" element={<MembersListPage />} />
          <Route path="/admin/members/:id" element={<p>member page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the members list", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("searches as the URL says, and the CSV follows the same filter and sort", async () => {
    const { calls } = serve({
      "GET /api/admin/members": { status: 200, body: { items: [morwenna], page: 1, pageSize: 50, total: 1 } },
    });
    renderAt("/admin/members?q=raven&sort=balance&order=asc&flag=staff");
    expect(await screen.findByText("morwenna@test.example")).toBeTruthy();
    const asked = calls[0]!.url;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      q: "raven",
      sort: "balance",
      order: "asc",
      flag: "staff",
    });
    expect(screen.getByRole("list", { name: "Flags" }).textContent).toBe("Staff");
    const csv = screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")!;
    const exported = new URL(csv, "http://house.test");
    expect(exported.pathname).toBe("/api/admin/exports/members.csv");
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      q: "raven",
      sort: "balance",
      order: "asc",
      flag: "staff",
    });
  });

  it("keeps a typed search in the URL and opens a member's page from the list", async () => {
    serve({
      "GET /api/admin/members": ({ url }) => ({
        status: 200,
        body: {
          items: url.searchParams.get("q") ? [morwenna] : [],
          page: 1,
          pageSize: 50,
          total: url.searchParams.get("q") ? 1 : 0,
        },
      }),
    });
    renderAt("/admin/members");
    expect(await screen.findByText("No member matches this search.")).toBeTruthy();
    const search = screen.getByLabelText("E-mail, name or referral code");
    fireEvent.change(search, { target: { value: "morwenna" } });
    await act(async () => {
      fireEvent.keyDown(search, { key: "Enter" });
    });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/admin/members?q=morwenna"));
    await act(async () => {
      fireEvent.click(await screen.findByRole("link", { name: "morwenna@test.example" }));
    });
    expect(screen.getByTestId("where").textContent).toBe(`/admin/members/${morwenna.id}`);
    expect(screen.getByText("member page")).toBeTruthy();
  });
});
