import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { useRouteFocus } from "./use-route-focus";

function Layout() {
  useRouteFocus("main-content");
  return (
    <div id="main-content">
      <Outlet />
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: "/sanctum", element: <h1>The Sanctum</h1> },
          { path: "/auctions", element: <h1>The Bidding Hall</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("focus after a route change", () => {
  afterEach(() => cleanup());

  it("leaves focus alone on the first load, then moves it to the new page's main heading", async () => {
    const router = renderAt("/sanctum");
    expect(document.activeElement).toBe(document.body);

    await act(() => router.navigate("/auctions"));
    const heading = screen.getByRole("heading", { name: "The Bidding Hall" });
    expect(document.activeElement).toBe(heading);
    // Focusable by script only: the Tab order does not gain a stop.
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });
});
