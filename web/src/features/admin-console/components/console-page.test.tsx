import type { ConsoleLot, ConsoleSnapshot } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import type { AppSocket } from "../../../lib/socket";
import { connectSocket, resetSocketForTests, setSocketFactoryForTests } from "../../../lib/socket-connection";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { ConsolePage } from "./console-page";

const NOW = Date.now();
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function lot(over: Partial<ConsoleLot> & Pick<ConsoleLot, "id" | "lotNumber">): ConsoleLot {
  return {
    title: `Lot of ${over.lotNumber}`,
    day: "Saturday",
    status: "open",
    currentBid: "0.00",
    bidCount: 0,
    watchers: 0,
    opensAt: iso(-3600_000),
    closesAt: iso(1800_000),
    extended: false,
    paused: false,
    hasWinner: false,
    claimStatus: "pending",
    claimDeadline: null,
    ...over,
  };
}

const snapshot = (): ConsoleSnapshot => ({
  serverTime: iso(0),
  lots: [
    lot({
      id: 9,
      lotNumber: 9,
      title: "The Hollow Key",
      currentBid: "42.00",
      bidCount: 5,
      watchers: 3,
      extended: true,
    }),
    lot({ id: 10, lotNumber: 10, title: "A Paused Relic", currentBid: "12.00", bidCount: 1, paused: true }),
    lot({
      id: 2,
      lotNumber: 2,
      title: "The Unpaid Mirror",
      status: "closed",
      currentBid: "80.00",
      bidCount: 7,
      closesAt: iso(-86_400_000),
      hasWinner: true,
      claimStatus: "expired",
    }),
  ],
  bidsPerMinute: Array.from({ length: 10 }, (_, i) => ({ minute: iso(-(9 - i) * 60_000), bids: i === 9 ? 4 : i })),
  nodes: [{ nodeId: "api-1", sockets: 17, at: iso(0) }],
  jobs: { kind: "bullmq", waiting: 2, active: 1, delayed: 30, failed: 1 },
  banner: null,
  hallPaused: false,
});

const ok = (message: string) => ({ status: 200, body: { message } });

function wide(matches: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/admin/console"]}>
        <ConsolePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The innermost open dialog (jsdom keeps a modal's content out of the accessibility tree: `hidden`). */
function dialog() {
  const all = screen.getAllByRole("dialog", { hidden: true });
  return within(all[all.length - 1] as HTMLElement);
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const row = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;

describe("the live console page", () => {
  beforeEach(() => {
    resetToasts();
    wide(true);
  });
  afterEach(() => {
    cleanup();
    resetSocketForTests();
    setSocketFactoryForTests(null);
    vi.unstubAllGlobals();
  });

  it("shows every lot with its state, bid, bids, watchers, close and badge, and the headline figures", async () => {
    serve({ "GET /api/admin/console": { status: 200, body: snapshot() } });
    renderPage();
    await screen.findByText("The Hollow Key");
    expect(within(row("The Hollow Key")).getByText("Open")).toBeTruthy();
    expect(within(row("The Hollow Key")).getByText("$42.00")).toBeTruthy();
    expect(within(row("The Hollow Key")).getByText("Extended")).toBeTruthy();
    expect(within(row("A Paused Relic")).getByText("Paused")).toBeTruthy();
    expect(within(row("The Unpaid Mirror")).getByText("Closed")).toBeTruthy();
    // Closes in ~30 minutes by the server's clock; every instant names its zone.
    expect(within(row("The Hollow Key")).getByText(/^(29|30):\d\d$/)).toBeTruthy();
    expect(within(row("The Hollow Key")).getByText(/E[SD]T$/)).toBeTruthy();
    expect(screen.getByText("▁▂▃▄▅▅▆▇█▅")).toBeTruthy();
    expect(screen.getByText("40")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Sockets per node" }).textContent).toBe("api-117");
    expect(screen.getByText("30 scheduled", { exact: false })).toBeTruthy();
    // No socket here: the console says so and polls.
    expect(screen.getByRole("status").textContent).toContain("Reconnecting: polling every 5 s");
    // Only the closed lot whose claim expired offers the runner-up; a closed lot has no pause.
    expect(within(row("The Unpaid Mirror")).getByRole("button", { name: "Offer to runner-up, Lot 2" })).toBeTruthy();
    expect(within(row("The Hollow Key")).queryByRole("button", { name: /runner-up/ })).toBeNull();
    expect(within(row("The Unpaid Mirror")).queryByRole("button", { name: /Pause/ })).toBeNull();
    expect(within(row("A Paused Relic")).getByRole("button", { name: "Resume, Lot 10" })).toBeTruthy();
  });

  it("sorts by a column, highest bid first", async () => {
    serve({ "GET /api/admin/console": { status: 200, body: snapshot() } });
    renderPage();
    await screen.findByText("The Hollow Key");
    await click(screen.getByRole("button", { name: /Current bid/ }));
    const titles = screen
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.querySelector("td:nth-child(2)")?.textContent);
    expect(titles).toEqual(["The Unpaid Mirror", "The Hollow Key", "A Paused Relic"]);
  });

  it("pauses a lot after saying who is told, and shows the server's answer", async () => {
    const { sent } = serve({
      "GET /api/admin/console": { status: 200, body: snapshot() },
      "POST /api/admin/lots/9/pause": ok("Lot 9 is paused."),
    });
    renderPage();
    await screen.findByText("The Hollow Key");
    await click(screen.getByRole("button", { name: "Pause, Lot 9" }));
    expect(dialog().getByText("Everyone watching the lot and the Bidding Hall is told at once.")).toBeTruthy();
    expect(sent("POST", "/api/admin/lots/9/pause")).toEqual([]);
    await click(dialog().getByRole("button", { name: "Pause lot", hidden: true }));
    await waitFor(() => expect(toastNow()?.description).toBe("Lot 9 is paused."));
    expect(sent("POST", "/api/admin/lots/9/pause").map((c) => c.body)).toEqual([{}]);
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
  });

  it("keeps a refusal's words in the dialog", async () => {
    serve({
      "GET /api/admin/console": { status: 200, body: snapshot() },
      "POST /api/admin/lots/10/resume": { status: 409, body: { message: "Lot 10 is not paused", code: "CONFLICT" } },
    });
    renderPage();
    await screen.findByText("A Paused Relic");
    await click(screen.getByRole("button", { name: "Resume, Lot 10" }));
    await click(dialog().getByRole("button", { name: "Resume lot", hidden: true }));
    expect((await waitFor(() => dialog().getByRole("alert", { hidden: true }))).textContent).toBe(
      "Lot 10 is not paused",
    );
    expect(toastNow()).toBeNull();
  });

  it("extends by the minutes typed, refusing a number outside 1 to 1440", async () => {
    const { sent } = serve({
      "GET /api/admin/console": { status: 200, body: snapshot() },
      "POST /api/admin/lots/9/extend": ok("Lot 9 now closes 15 minutes later."),
    });
    renderPage();
    await screen.findByText("The Hollow Key");
    await click(screen.getByRole("button", { name: "Extend, Lot 9" }));
    const minutes = dialog().getByLabelText("Minutes to add");
    fireEvent.change(minutes, { target: { value: "0" } });
    expect(dialog().getByText("Minutes must be a whole number from 1 to 1440")).toBeTruthy();
    await click(dialog().getByRole("button", { name: "Extend close", hidden: true }));
    expect(sent("POST", "/api/admin/lots/9/extend")).toEqual([]);
    fireEvent.change(minutes, { target: { value: "15" } });
    expect(dialog().getByText(/sees the new close at once/)).toBeTruthy();
    await click(dialog().getByRole("button", { name: "Extend close", hidden: true }));
    await waitFor(() => expect(sent("POST", "/api/admin/lots/9/extend").map((c) => c.body)).toEqual([{ minutes: 15 }]));
  });

  it("pauses and resumes the hall, broadcasts a banner and clears it", async () => {
    let paused = false;
    let banner: ConsoleSnapshot["banner"] = null;
    const { sent } = serve({
      "GET /api/admin/console": () => ({ status: 200, body: { ...snapshot(), hallPaused: paused, banner } }),
      "POST /api/admin/hall/pause": () => {
        paused = true;
        return ok("The hall is paused.");
      },
      "POST /api/admin/hall/resume": () => {
        paused = false;
        return ok("The hall is open again.");
      },
      "POST /api/admin/broadcast": ({ body }) => {
        banner = { message: (body as { message: string }).message, at: iso(0) };
        return ok("The banner is shown.");
      },
      "DELETE /api/admin/broadcast": () => {
        banner = null;
        return ok("The banner is cleared.");
      },
    });
    renderPage();
    await screen.findByText("The Hollow Key");

    await click(screen.getByRole("button", { name: "Pause hall" }));
    expect(dialog().getByText("Every connected member is told at once.")).toBeTruthy();
    await click(dialog().getByRole("button", { name: "Pause hall", hidden: true }));
    await click(await screen.findByRole("button", { name: "Resume hall" }));
    await click(dialog().getByRole("button", { name: "Resume hall", hidden: true }));
    await screen.findByRole("button", { name: "Pause hall" });

    await click(screen.getByRole("button", { name: "Broadcast" }));
    expect(screen.getByText("The banner needs a message")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Banner message"), { target: { value: "  Lot 9 is paused for a check  " } });
    await click(screen.getByRole("button", { name: "Broadcast" }));
    expect(dialog().getByText(/Every connected member sees it at once/)).toBeTruthy();
    await click(dialog().getByRole("button", { name: "Broadcast", hidden: true }));
    await click(await screen.findByRole("button", { name: "Clear banner" }));
    await click(dialog().getByRole("button", { name: "Clear banner", hidden: true }));
    await waitFor(() => expect(screen.getByText("No banner is shown.")).toBeTruthy());

    expect(sent("POST", "/api/admin/hall/pause").map((c) => c.body)).toEqual([{}]);
    expect(sent("POST", "/api/admin/hall/resume").map((c) => c.body)).toEqual([{}]);
    expect(sent("POST", "/api/admin/broadcast").map((c) => c.body)).toEqual([
      { message: "Lot 9 is paused for a check" },
    ]);
    expect(sent("DELETE", "/api/admin/broadcast")).toHaveLength(1);
  });

  it("lists a closed lot's bids and voids one with a reason, re-opening the lot when asked", async () => {
    const bids = {
      bids: [
        {
          id: 71,
          bidder: "Bidder 3",
          email: "moth@demo.test",
          amount: "80.00",
          creditsUsed: "5.00",
          createdAt: iso(-90_000_000),
          voidedAt: null,
          voidReason: null,
          leading: true,
          byHouse: true,
        },
        {
          id: 70,
          bidder: "Bidder 2",
          email: "raven@demo.test",
          amount: "70.00",
          creditsUsed: "0.00",
          createdAt: iso(-91_000_000),
          voidedAt: iso(-1000),
          voidReason: "Shill bid",
          leading: false,
          byHouse: false,
        },
      ],
      maxima: [
        {
          bidder: "Bidder 3",
          email: "owl@demo.test",
          amount: "95.00",
          credits: "10.00",
          updatedAt: iso(-90_000_000),
          leading: true,
        },
      ],
    };
    const { sent } = serve({
      "GET /api/admin/console": { status: 200, body: snapshot() },
      "GET /api/admin/lots/2/bids": { status: 200, body: bids },
      "POST /api/admin/bids/71/void": ok("The bid is withdrawn; Bidder 1 leads at $60.00."),
    });
    renderPage();
    await screen.findByText("The Unpaid Mirror");
    await click(screen.getByRole("button", { name: "Bids, Lot 2" }));
    await waitFor(() => dialog().getByText("moth@demo.test"));
    expect(dialog().getByText("Leading")).toBeTruthy();
    // The maxima, the House's eyes only.
    expect(dialog().getByRole("list", { name: "Maxima on Lot 2", hidden: true }).textContent).toContain("$95.00");
    expect(dialog().getByText(/Withdrawn by the House/).textContent).toContain("Shill bid");
    expect(dialog().queryByRole("button", { name: /Void Bidder 2/, hidden: true })).toBeNull();

    await click(dialog().getByRole("button", { name: "Void Bidder 3's bid of $80.00", hidden: true }));
    expect(dialog().getByText(/stays in the history as 'withdrawn by the House'/)).toBeTruthy();
    await click(dialog().getByRole("button", { name: "Void bid", hidden: true }));
    expect(dialog().getByText("Say why the bid is voided")).toBeTruthy();
    expect(sent("POST", "/api/admin/bids/71/void")).toEqual([]);

    fireEvent.change(dialog().getByLabelText("Reason (admins only)"), { target: { value: "Paid with a stolen card" } });
    await click(dialog().getByLabelText(/Re-open the lot/));
    await click(dialog().getByRole("button", { name: "Void bid", hidden: true }));
    await waitFor(() =>
      expect(sent("POST", "/api/admin/bids/71/void").map((c) => c.body)).toEqual([
        { reason: "Paid with a stolen card", reopen: true },
      ]),
    );
    await waitFor(() => expect(toastNow()?.description).toBe("The bid is withdrawn; Bidder 1 leads at $60.00."));
    // The list is read again after the void.
    await waitFor(() => expect(sent("GET", "/api/admin/lots/2/bids")).toHaveLength(2));
  });

  it("offers an unpaid lot to the runner-up after saying who is told", async () => {
    const { sent } = serve({
      "GET /api/admin/console": { status: 200, body: snapshot() },
      "POST /api/admin/lots/2/offer-runner-up": ok("Lot 2 is offered to Bidder 2 at $70.00."),
    });
    renderPage();
    await screen.findByText("The Unpaid Mirror");
    await click(screen.getByRole("button", { name: "Offer to runner-up, Lot 2" }));
    expect(dialog().getByText(/told by e-mail with a cart link/)).toBeTruthy();
    await click(dialog().getByRole("button", { name: "Offer to runner-up", hidden: true }));
    await waitFor(() => expect(sent("POST", "/api/admin/lots/2/offer-runner-up").map((c) => c.body)).toEqual([{}]));
  });

  it("on a phone shows one card per lot with the same controls", async () => {
    wide(false);
    serve({ "GET /api/admin/console": { status: 200, body: snapshot() } });
    renderPage();
    const cards = await screen.findByRole("list", { name: "Every lot, live" });
    expect(within(cards).getAllByRole("listitem")).toHaveLength(3);
    expect(within(cards).getByRole("button", { name: "Pause, Lot 9" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("watches the console room once connected: the snapshot, then a bid within the row at once", async () => {
    serve({ "GET /api/admin/console": { status: 200, body: snapshot() } });
    const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
    const emitted: string[] = [];
    const fake = {
      connected: false,
      active: false,
      on(event: string, handler: (...args: unknown[]) => void) {
        handlers.set(event, [...(handlers.get(event) ?? []), handler]);
        return fake;
      },
      off(event: string, handler: (...args: unknown[]) => void) {
        handlers.set(
          event,
          (handlers.get(event) ?? []).filter((h) => h !== handler),
        );
        return fake;
      },
      emit(event: string, _payload: unknown, ack?: (answer: unknown) => void) {
        emitted.push(event);
        if (event === "console:watch")
          ack?.({ ok: true, snapshot: { ...snapshot(), nodes: [{ nodeId: "api-2", sockets: 3, at: iso(0) }] } });
        return fake;
      },
      connect() {
        fake.active = true;
        return fake;
      },
      disconnect() {
        return fake;
      },
    };
    const fire = (event: string, ...args: unknown[]) => {
      for (const h of handlers.get(event) ?? []) h(...args);
    };
    setSocketFactoryForTests(() => fake as unknown as AppSocket);
    renderPage();
    await screen.findByText("The Hollow Key");
    await act(async () => {
      connectSocket();
      fake.connected = true;
      fire("connect");
    });
    expect(emitted).toContain("console:watch");
    expect(screen.getByRole("status").textContent).toContain("Live");
    expect(screen.getByRole("list", { name: "Sockets per node" }).textContent).toBe("api-23");

    await act(async () => {
      fire("lot:update", {
        lotId: 9,
        lotNumber: 9,
        currentBid: "50.00",
        minimumBid: "51.00",
        bidCount: 6,
        closesAt: iso(1800_000),
        isClosed: false,
        version: 6,
      });
    });
    // The cache tells its observers on the next turn (TanStack Query batches its notifications on a
    // timer), which act does not wait for: the row is awaited, not read at once.
    await waitFor(() => expect(within(row("The Hollow Key")).getByText("$50.00")).toBeTruthy());
    expect(within(row("The Hollow Key")).getByText("6")).toBeTruthy();
  });
});
