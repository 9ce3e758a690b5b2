import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../components/ui/toast/toast-store";
import { lotKeys } from "../../features/lots/api/lot-cache";
import { lot } from "../../features/lots/testing/lot-fixture";
import { createQueryClient } from "../../lib/query-client";
import { toastNow } from "../../testing/toast-now";
import { useClaimPaidNotice } from "./use-claim-paid";

describe("a claim paid", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    resetToasts();
    vi.unstubAllGlobals();
  });

  it("tells the winner when the lot they watch turns paid, and offers the purchase sync", async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useClaimPaidNotice(), { wrapper });
    const won = lot({ isClosed: true, status: "closed", isWinner: true, claimStatus: "pending" });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: "Synced 1 order" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);

    await act(() => client.fetchQuery({ queryKey: lotKeys.detail(7), queryFn: () => won }));
    expect(toastNow()).toBeNull();
    await act(() =>
      client.fetchQuery({
        queryKey: lotKeys.detail(7),
        queryFn: () => ({ ...won, claimStatus: "claimed" as const }),
        staleTime: 0,
      }),
    );
    const shown = toastNow();
    expect(shown).toMatchObject({ title: "Claim paid", action: { label: "Sync purchases" } });
    await act(async () => shown?.action?.onClick());
    expect(fetchMock).toHaveBeenCalledWith("/api/shopify/sync", expect.objectContaining({ method: "POST" }));
  });
});
