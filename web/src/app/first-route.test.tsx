import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshUser } from "../features/auth";
import { acknowledgeRites } from "../features/lots";
import { lot } from "../features/lots/testing/lot-fixture";
import { queryClient as client } from "../lib/query-client";
import { member as memberFixture } from "../testing/member-fixture";
import { renderAt } from "../testing/render-at";
import { AppRoutes, preloadFirstRoute } from "./router";

// jsdom has no scrolling; the scroll restoration calls it on every navigation.
window.scrollTo = () => {};

const member = memberFixture({ gateOpen: true });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("the page the app opens on", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    client.clear();
  });

  it("is preloaded once: a lot opened as the app starts is asked for once, with its bids once", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input);
        calls.push(path);
        if (path === "/api/auth/user") return json(member);
        if (path === "/api/auction-lots/7") return json(lot());
        if (path.startsWith("/api/auction-lots/")) return json([]);
        return json({ message: "Not found" }, 404);
      }),
    );
    acknowledgeRites();
    await refreshUser();
    // As main.tsx does before the first render: the page's code and its lot, then its bids.
    await preloadFirstRoute("/lot/7");
    await waitFor(() => expect(calls.some((call) => call.endsWith("/bids"))).toBe(true));
    renderAt("/lot/7", <AppRoutes />, client);
    expect(await screen.findByRole("heading", { name: lot().title })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call === "/api/auction-lots/7")).toHaveLength(1);
    expect(calls.filter((call) => call.endsWith("/bids"))).toHaveLength(1);
  });
});
