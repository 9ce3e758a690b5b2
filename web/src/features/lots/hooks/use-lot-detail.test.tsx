import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { setSessionExpiredHandler } from "../../../lib/session-expiry";
import { useSocketStore } from "../../../lib/socket";
import { answer, type StubAnswer, serve as stub } from "../../../testing/serve";
import { prefetchLot } from "../api/get-lot";
import { lotKeys } from "../api/lot-cache";
import { resetLotGate, unsealLots, useLotGateStore } from "../stores/gate-store";
import { lot } from "../testing/lot-fixture";
import { useLotDetail } from "./use-lot-detail";
import { useLotList } from "./use-lot-list";

const sealed = () =>
  answer({ message: "The Bidding Hall is sealed. Speak the word at its gate.", code: "GATE_SEALED" }, 403);

/** The server answers every request by its path (with its query). */
const serve = (respond: (path: string) => StubAnswer) =>
  stub({}, ({ url }) => respond(url.pathname + url.search)).fetchMock;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe("a lot's page and the hall's list, as queries", () => {
  beforeEach(() => {
    resetLotGate();
    useSocketStore.setState({ status: "connected" });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    useSocketStore.setState({ status: "idle" });
  });

  it("takes a GATE_SEALED answer for the gate, not for a failure: the lot waits for the word", async () => {
    serve(sealed);
    const { result } = renderHook(() => useLotDetail(7), { wrapper });
    await waitFor(() => expect(useLotGateStore.getState().sealed).toBe(true));
    expect(result.current.status).toBe("idle");
    serve((path) => (path === "/api/auction-lots/7" ? answer(lot()) : answer([])));
    act(() => unsealLots());
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.lot?.title).toBe("Tarot of the Drowned Court");
  });

  it("does the same for the list", async () => {
    serve(sealed);
    const { result } = renderHook(() => useLotList(), { wrapper });
    await waitFor(() => expect(useLotGateStore.getState().sealed).toBe(true));
    expect(result.current.status).toBe("idle");
  });

  it("keeps other refusals what they are: a 404 is a missing lot, anything else an error", async () => {
    serve(() => answer({ message: "This lot has been lost to the darkness", code: "NOT_FOUND" }, 404));
    const missing = renderHook(() => useLotDetail(7), { wrapper });
    await waitFor(() => expect(missing.result.current.status).toBe("missing"));
    serve(() => answer({ message: "Forbidden", code: "FORBIDDEN" }, 403));
    const failed = renderHook(() => useLotDetail(8), { wrapper });
    await waitFor(() => expect(failed.result.current.status).toBe("error"));
    expect(useLotGateStore.getState().sealed).toBe(false);
  });

  it("asks for the lot and its bids together when the hall already named the lot", async () => {
    const fetchMock = serve((path) => (path === "/api/auction-lots" ? answer([lot()]) : answer(lot())));
    const client = createQueryClient();
    const shared = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const list = renderHook(() => useLotList(), { wrapper: shared });
    await waitFor(() => expect(list.result.current.status).toBe("ready"));
    fetchMock.mockClear();
    renderHook(() => useLotDetail(7), { wrapper: shared });
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual(expect.arrayContaining(["/api/auction-lots/7", "/api/auction-lots/7/bids"]));
  });

  it("polls every 5 seconds while the socket is down, and says so when polling fails", async () => {
    useSocketStore.setState({ status: "reconnecting" });
    let up = true;
    const fetchMock = serve((path) =>
      !up ? answer({ message: "down" }, 503) : path.endsWith("/bids") ? answer([]) : answer(lot()),
    );
    const { result } = renderHook(() => useLotDetail(7), { wrapper });
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current.polling).toBe(true);
    const before = fetchMock.mock.calls.length;
    up = false;
    await waitFor(() => expect(result.current.pollFailed).toBe(true), { timeout: 7000 });
    expect(fetchMock.mock.calls.length).toBeGreaterThan(before);
    expect(result.current.lot?.title).toBe("Tarot of the Drowned Court");
  }, 10_000);
});

describe("a lot asked for before sign-in", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("does not report the 401 of that early look once the member is in: the page asks again", async () => {
    const client = createQueryClient();
    const shared = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const expired = vi.fn();
    const release = setSessionExpiredHandler(expired);
    serve(() => answer({ message: "Sign in first" }, 401));
    prefetchLot(client, 7);
    await waitFor(() => expect(client.getQueryState(lotKeys.detail(7))?.status).toBe("error"));
    serve((path) => (path === "/api/auction-lots/7" ? answer(lot()) : answer([])));
    const { result } = renderHook(() => useLotDetail(7), { wrapper: shared });
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(expired).not.toHaveBeenCalled();
    release();
  });
});

describe("the lot route's early look", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the lot, then its bids by the id it brings, and the page mounting at once asks neither again", async () => {
    const fetchMock = serve((path) => (path.endsWith("/bids") ? answer([]) : answer(lot())));
    const client = createQueryClient();
    prefetchLot(client, 7);
    await waitFor(() => expect(client.getQueryData(lotKeys.bids(7))).toEqual([]));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      "/api/auction-lots/7",
      "/api/auction-lots/7/bids",
    ]);
    const shared = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLotDetail(7), { wrapper: shared });
    expect(result.current.status).toBe("ready");
    expect(result.current.bids).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
