import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { answer, type StubAnswer, serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { BROWSER_WATCHLIST_KEY } from "../lib/browser-watchlist";
import { WatchButton } from "./watch-button";

let client: QueryClient;

function renderEye(lotId = 7) {
  render(
    <QueryClientProvider client={client}>
      <WatchButton lotId={lotId} lotNumber={lotId} />
    </QueryClientProvider>,
  );
  return screen.getByRole("button", { name: `Watch Lot ${lotId}` });
}

const pressed = (button: HTMLElement) => button.getAttribute("aria-pressed");

/** An answer the test lets go when it wants: the request stays in flight until then. */
function held() {
  let release: (to: StubAnswer) => void = () => {};
  const answered = new Promise<StubAnswer>((resolve) => {
    release = resolve;
  });
  return { respond: () => answered, release: (to: StubAnswer) => act(() => release(to)) };
}

describe("the watch button (the watchlist kept with the account)", () => {
  beforeEach(() => {
    resetToasts();
    client = createQueryClient();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the lot as watched when the account's list holds it", async () => {
    serve({ "GET /api/user/watchlist": answer({ lotIds: [3, 7] }) });
    const eye = renderEye(7);
    expect(pressed(eye)).toBe("false");
    await waitFor(() => expect(pressed(eye)).toBe("true"));
  });

  it("opens its eye at once, before the server answers, and keeps the server's list after", async () => {
    const put = held();
    const server = serve({
      "GET /api/user/watchlist": answer({ lotIds: [3] }),
      "PUT /api/user/watchlist/7": put.respond,
    });
    const eye = renderEye(7);
    await waitFor(() => expect(server.sent("GET", "/api/user/watchlist")).toHaveLength(1));
    await waitFor(() => expect(client.getQueryData(["watchlist"])).toEqual([3]));

    fireEvent.click(eye);
    // The answer is held: what the eye shows is the change alone.
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    await waitFor(() => expect(server.sent("PUT", "/api/user/watchlist/7")).toHaveLength(1));
    expect(client.getQueryData(["watchlist"])).toEqual([3, 7]);

    // Another device watched lot 9 meanwhile: the answer is the account's whole list.
    await put.release(answer({ lotIds: [3, 7, 9] }));
    await waitFor(() => expect(client.getQueryData(["watchlist"])).toEqual([3, 7, 9]));
    expect(pressed(eye)).toBe("true");
    expect(toastNow()).toBeNull();
  });

  it("takes a lot off with DELETE", async () => {
    const remove = held();
    const server = serve({
      "GET /api/user/watchlist": answer({ lotIds: [7] }),
      "DELETE /api/user/watchlist/7": remove.respond,
    });
    const eye = renderEye(7);
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    fireEvent.click(eye);
    await waitFor(() => expect(pressed(eye)).toBe("false"));
    await waitFor(() => expect(server.sent("DELETE", "/api/user/watchlist/7")).toHaveLength(1));
    await remove.release(answer({ lotIds: [] }));
    await waitFor(() => expect(client.isMutating()).toBe(0));
    expect(pressed(eye)).toBe("false");
  });

  it("sends a quick double tap in order, and ends as the member left it", async () => {
    const first = held();
    const server = serve({
      "GET /api/user/watchlist": answer({ lotIds: [] }),
      "PUT /api/user/watchlist/7": first.respond,
      "DELETE /api/user/watchlist/7": answer({ lotIds: [] }),
    });
    const eye = renderEye(7);
    await waitFor(() => expect(client.getQueryData(["watchlist"])).toEqual([]));
    fireEvent.click(eye);
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    fireEvent.click(eye);
    // The second change waits for the first's answer before it is sent.
    await waitFor(() => expect(server.sent("PUT", "/api/user/watchlist/7")).toHaveLength(1));
    expect(server.sent("DELETE", "/api/user/watchlist/7")).toHaveLength(0);
    await first.release(answer({ lotIds: [7] }));
    await waitFor(() => expect(server.sent("DELETE", "/api/user/watchlist/7")).toHaveLength(1));
    await waitFor(() => expect(client.isMutating()).toBe(0));
    expect(pressed(eye)).toBe("false");
    expect(client.getQueryData(["watchlist"])).toEqual([]);
  });

  it("closes its eye again and says why when the server refuses", async () => {
    const put = held();
    serve({
      "GET /api/user/watchlist": answer({ lotIds: [] }),
      "PUT /api/user/watchlist/7": put.respond,
    });
    const eye = renderEye(7);
    await waitFor(() => expect(client.getQueryData(["watchlist"])).toEqual([]));
    fireEvent.click(eye);
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    await put.release(answer({ message: "That lot is not in the hall.", code: "NOT_FOUND" }, 404));
    await waitFor(() => expect(pressed(eye)).toBe("false"));
    expect(toastNow()).toMatchObject({
      title: "Watchlist Unchanged",
      description: "That lot is not in the hall.",
      variant: "destructive",
    });
  });

  it("says the House cannot be reached when the change got no answer", async () => {
    serve({ "GET /api/user/watchlist": answer({ lotIds: [7] }), "DELETE /api/user/watchlist/7": "offline" });
    const eye = renderEye(7);
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    fireEvent.click(eye);
    await waitFor(() => expect(toastNow()?.title).toBe("Connection Lost"));
    expect(pressed(eye)).toBe("true");
  });

  it("merges the list this browser kept into the account once, then forgets it", async () => {
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify([7, 12]));
    const server = serve({
      "GET /api/user/watchlist": answer({ lotIds: [3, 7, 12] }),
      "POST /api/user/watchlist/merge": answer({ lotIds: [3, 7, 12] }),
    });
    const eye = renderEye(7);
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    expect(server.posted).toEqual([{ lotIds: [7, 12] }]);
    expect(server.sent("GET", "/api/user/watchlist")).toHaveLength(0);
    expect(window.localStorage.getItem(BROWSER_WATCHLIST_KEY)).toBeNull();

    // The next read (another visit) asks for the account's list alone.
    await act(() => client.refetchQueries({ queryKey: ["watchlist"] }));
    expect(server.sent("GET", "/api/user/watchlist")).toHaveLength(1);
    expect(server.sent("POST", "/api/user/watchlist/merge")).toHaveLength(1);
  });

  it("keeps the browser's list to merge on the next visit when the House could not be reached", async () => {
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify([7]));
    serve({ "POST /api/user/watchlist/merge": "offline" });
    const eye = renderEye(7);
    await waitFor(() => expect(client.getQueryState(["watchlist"])?.status).toBe("error"));
    expect(pressed(eye)).toBe("false");
    expect(window.localStorage.getItem(BROWSER_WATCHLIST_KEY)).toBe("[7]");
  });

  it("forgets a browser's list the server will never take, and reads the account's", async () => {
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify([7]));
    serve({
      "POST /api/user/watchlist/merge": answer({ message: "A lot's id is a whole number", code: "VALIDATION" }, 400),
      "GET /api/user/watchlist": answer({ lotIds: [7] }),
    });
    const eye = renderEye(7);
    await waitFor(() => expect(pressed(eye)).toBe("true"));
    expect(window.localStorage.getItem(BROWSER_WATCHLIST_KEY)).toBeNull();
  });
});
