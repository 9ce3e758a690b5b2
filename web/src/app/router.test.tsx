import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heldUser, refreshUser } from "../features/auth";
import { resetCart } from "../features/cart";
import { queryClient } from "../lib/query-client";
import { member as memberFixture } from "../testing/member-fixture";
import { renderAt as renderRoutes } from "../testing/render-at";
import { answer, type StubAnswer, serve as stub } from "../testing/serve";
import { AppRoutes, preloadRoute } from "./router";

// jsdom has no scrolling; the scroll restoration calls it on every navigation.
window.scrollTo = () => {};

const member = memberFixture();

const site = {
  supportEmail: "help@house.example",
  dataDeletionDays: 30,
  claimWindowHours: 48,
  auctionStartsAt: "2025-11-28T14:00:00.000Z",
};

/** The server: who is signed in (the session's answer), and the site's settings. */
const serve = (user: StubAnswer) => stub({ "GET /api/auth/user": user, "GET /api/site": answer(site) });
const signedOut = answer(undefined, 401);

function renderAt(url: string) {
  return renderRoutes(url, <AppRoutes />, queryClient);
}

/** With the page's code loaded first: on a busy machine, importing it can outlast a find's wait. */
async function renderLoaded(url: string) {
  await preloadRoute(url);
  return renderAt(url);
}

describe("routes", () => {
  beforeEach(() => {
    queryClient.clear();
    resetCart();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows 'Awakening the shadows...' while the signed-in state loads", () => {
    renderAt("/sanctum");
    expect(screen.getByText("Awakening the shadows...")).toBeTruthy();
  });

  it("shows the entry page in place of a protected page for a signed-out visitor", async () => {
    serve(signedOut);
    await refreshUser();
    const router = renderAt("/lot/7");
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(router.location.pathname).toBe("/lot/7");
  });

  it("treats a network failure while checking the session as signed out", async () => {
    serve("offline");
    await refreshUser();
    expect(heldUser()).toBeNull();
  });

  it("shows the not-found page for unknown paths and /404, to anyone", async () => {
    serve(signedOut);
    await refreshUser();
    await renderLoaded("/no/such/chamber");
    // Pages load their own code: the first look waits for it.
    expect(await screen.findByRole("heading", { name: "4o4" })).toBeTruthy();
    expect(screen.getByText("the page you seek has been lost to the darkness...")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to the light" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("button", { name: "or step into the void" })).toBeTruthy();
    cleanup();
    await renderLoaded("/404");
    expect(await screen.findByRole("heading", { name: "4o4" })).toBeTruthy();
  });

  it.each([
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-conditions", "Terms & Conditions"],
    ["/faq", "Frequently Asked Questions"],
    ["/data-deletion", "Data Deletion"],
  ])("opens %s to a signed-out visitor, not the entry page", async (url, title) => {
    serve(signedOut);
    await refreshUser();
    const router = await renderLoaded(url);
    expect(await screen.findByRole("heading", { name: title, level: 1 })).toBeTruthy();
    expect(screen.queryByLabelText("Email", { exact: true })).toBeNull();
    expect(router.location.pathname).toBe(url);
  });

  it.each([
    "/admin",
    "/admin?tab=audit",
    "/admin-list",
    "/summary",
    "/admin/puzzle/new",
    "/admin/puzzle/3",
    "/admin/trial/new",
    "/admin/trial/9",
    "/admin/preview",
  ])("keeps %s from members who are not operators: 'Access Denied', no admin call", async (url) => {
    const { calls } = serve(answer(member));
    await refreshUser();
    await renderLoaded(url);
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.getByText("This area is restricted. Only authorized personnel may enter.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to the Sanctum" }).getAttribute("href")).toBe("/sanctum");
    const asked = calls.map((call) => call.url.pathname + call.url.search);
    expect(asked.filter((path) => path.startsWith("/api/admin"))).toEqual([]);
  });

  it("opens the Admin Dashboard for an operator, as the server's isAdmin says", async () => {
    serve(answer({ ...member, isAdmin: true }));
    await refreshUser();
    await renderLoaded("/admin");
    expect(await screen.findByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Puzzles" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.queryByRole("heading", { name: "Access Denied" })).toBeNull();
  });

  it("leads the landing button to /enter when signed out and to /sanctum when signed in", async () => {
    serve(signedOut);
    await refreshUser();
    await renderLoaded("/");
    expect((await screen.findByRole("link", { name: "strictly no admittance" })).getAttribute("href")).toBe("/enter");
    expect(screen.queryByRole("button", { name: "Log Out" })).toBeNull();
    cleanup();

    serve(answer(member));
    await refreshUser();
    await renderLoaded("/");
    expect((await screen.findByRole("link", { name: "strictly no admittance" })).getAttribute("href")).toBe("/sanctum");
    expect(screen.getByRole("button", { name: "Log Out" })).toBeTruthy();
  });

  it("paints a page whose code has arrived in the first render, never its loader (React holds a page that ends a suspense 300 ms)", async () => {
    serve(signedOut);
    await refreshUser();
    await preloadRoute("/");
    const loaders: string[] = [];
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node.textContent?.includes("Awakening the shadows...")) loaders.push(node.textContent);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderAt("/");
    expect(screen.getByRole("link", { name: "strictly no admittance" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the observer's records
    watch.disconnect();
    expect(loaders).toEqual([]);
  });

  it("moves from one page to another by a link: the next page replaces the last (every route's element is a lazy page)", async () => {
    serve(answer(member));
    await refreshUser();
    await renderLoaded("/void");
    expect(await screen.findByRole("heading", { name: "The Void", level: 1 })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: /Knowledge/ }));
    expect(await screen.findByRole("heading", { name: "Shadow", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "The Void", level: 1 })).toBeNull();
  });

  it("shows members the three doors of the Sanctum", async () => {
    serve(answer(member));
    await refreshUser();
    await renderLoaded("/sanctum");
    expect(await screen.findByRole("heading", { name: "The Sanctum", level: 1 })).toBeTruthy();
    expect(screen.getByText("Bidding Hall", { selector: "span" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Forbidden Catalogue/ }).getAttribute("href")).toBe("/gift-guide");
    expect(screen.getByRole("link", { name: /Earn Extra Credits/ }).getAttribute("href")).toBe("/earn-credits");
  });
});
