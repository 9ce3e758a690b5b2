import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { CreditBalance } from "./credit-balance";
import { HeaderCredits } from "./header-credits";

function withClient(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function rows() {
  return Array.from(document.querySelectorAll("dl > div")).map((row) => [
    row.querySelector("dt")?.textContent,
    row.querySelector("dd")?.textContent,
  ]);
}

describe("credit balance", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows Total alone when committed credits are unavailable, never an invented figure", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: "Not found" }), { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    render(withClient(<CreditBalance mpcBalance="12.5" />));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(rows()).toEqual([["Total", "12.50"]]));
  });

  it("splits the balance into Available, Committed and Total with two decimals", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ committedCredits: 4.5 }), { status: 200 })),
    );
    render(withClient(<CreditBalance mpcBalance="12.00" />));
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Available", "7.50"],
        ["Committed (on bids)", "4.50"],
        ["Total", "12.00"],
      ]),
    );
  });

  it("never shows negative available credits", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ committedCredits: 20 }), { status: 200 })),
    );
    render(withClient(<CreditBalance mpcBalance="12.00" />));
    await waitFor(() => expect(rows()[0]).toEqual(["Available", "0.00"]));
  });

  it("rounds the header figure to whole credits and says 'Loading...' while unknown", () => {
    const { rerender } = render(<HeaderCredits mpcBalance={undefined} />);
    expect(screen.getByText("Loading...")).toBeTruthy();
    rerender(<HeaderCredits mpcBalance="12.60" />);
    expect(screen.getByText("13")).toBeTruthy();
  });
});
