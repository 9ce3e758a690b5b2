import { act, cleanup, screen } from "@testing-library/react";
import { Outlet, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt as renderRoutes } from "../../testing/render-at";
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
  return renderRoutes(
    url,
    <Routes>
      <Route element={<Layout />}>
        <Route path="/sanctum" element={<h1>The Sanctum</h1>} />
        <Route path="/auctions" element={<h1>The Bidding Hall</h1>} />
      </Route>
    </Routes>,
  );
}

describe("focus after a route change", () => {
  afterEach(() => cleanup());

  it("leaves focus alone on the first load, then moves it to the new page's main heading", async () => {
    const router = renderAt("/sanctum");
    expect(document.activeElement).toBe(document.body);

    await act(async () => router.navigate("/auctions"));
    const heading = screen.getByRole("heading", { name: "The Bidding Hall" });
    expect(document.activeElement).toBe(heading);
    // Focusable by script only: the Tab order does not gain a stop.
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });
});
