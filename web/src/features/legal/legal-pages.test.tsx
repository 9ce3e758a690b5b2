import { DataDeletionToasts, DOLLARS_PER_CREDIT, Messages } from "@bm/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../components/ui/toast/toast-store";
import { createQueryClient } from "../../lib/query-client";
import { serve } from "../../testing/serve";
import { toastNow } from "../../testing/toast-now";
import { DataDeletionPage } from "./components/data-deletion";
import { FaqPage } from "./components/faq";
import { PrivacyPolicyPage } from "./components/privacy-policy";
import { TermsPage } from "./components/terms-conditions";
import { dayWords, rangeWords } from "./lib/event-words";

const site = {
  supportEmail: "help@house.example",
  dataDeletionDays: 21,
  claimWindowHours: 36,
  auctionStartsAt: "2025-11-28T14:00:00.000Z",
};

function renderAt(ui: ReactNode, url = "/") {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the written pages", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("words the event's dates as the FAQ states them", () => {
    expect(dayWords("2025-11-01")).toBe("November 1");
    expect(rangeWords("2025-11-28", "2025-12-01")).toBe("November 28 to December 1, 2025");
    expect(rangeWords("2025-12-30", "2026-01-02")).toBe("December 30, 2025 to January 2, 2026");
  });

  it("the privacy policy has its six sections, the way to data deletion and back to the Sanctum", async () => {
    serve({ "GET /api/site": { status: 200, body: site } });
    renderAt(<PrivacyPolicyPage />);
    expect(await screen.findByRole("heading", { name: /Information We Collect/, level: 2 })).toBeTruthy();
    for (const name of [/How We Use It/, /How We Protect It/, /Third Parties/, /Your Rights/, /Contact/])
      expect(screen.getByRole("heading", { name, level: 2 })).toBeTruthy();
    expect(screen.getByRole("link", { name: /The Sanctum/ }).getAttribute("href")).toBe("/sanctum");
    expect(screen.getByRole("link", { name: "Request data deletion" }).getAttribute("href")).toBe("/data-deletion");
    expect(screen.getByText(/erased within 21 days/)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: site.supportEmail })[0]?.getAttribute("href")).toBe(
      `mailto:${site.supportEmail}`,
    );
  });

  it("the terms have their six sections and the configured claim window", async () => {
    serve({ "GET /api/site": { status: 200, body: site } });
    renderAt(<TermsPage />);
    for (const name of ["Acceptance", "MPC Credits", "Auction Participation", "Account Responsibilities"])
      expect(await screen.findByRole("heading", { name: new RegExp(name), level: 2 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /Modifications/, level: 2 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /Liability/, level: 2 })).toBeTruthy();
    expect(screen.getByText(/within 36 hours of the close/)).toBeTruthy();
    expect(screen.getByText(/redeemable only from November 1 to December 2, 2025/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /The Sanctum/ }).getAttribute("href")).toBe("/sanctum");
  });

  it("the FAQ states the spec's facts, the rate from its constant and the configured support address", async () => {
    serve({ "GET /api/site": { status: 200, body: site } });
    renderAt(<FaqPage />);
    expect(await screen.findByRole("heading", { name: /The Event/, level: 2 })).toBeTruthy();
    for (const name of [/MPC Credits/, /Bidding/, /Forbidden Catalogue/, /Discounts/, /After the Event/, /Support/])
      expect(screen.getByRole("heading", { name, level: 2 })).toBeTruthy();
    const text = document.body.textContent ?? "";
    expect(text).toContain(`every $${DOLLARS_PER_CREDIT} you spend in the shop earns 1 credit`);
    expect(text).toContain("redeemable only from November 1 to December 2, 2025");
    expect(text).toContain("no cash value and cannot be transferred");
    expect(text).toContain("The auction runs from November 28 to December 1, 2025");
    expect(text).toContain("deducted only if you win the lot and your payment goes through");
    expect(text).toContain("Pay within 36 hours");
    expect(screen.getByRole("link", { name: site.supportEmail }).getAttribute("href")).toBe(
      `mailto:${site.supportEmail}`,
    );
  });

  it("the FAQ names no dates while the House has placed no auction", async () => {
    serve({ "GET /api/site": { status: 200, body: { ...site, auctionStartsAt: null } } });
    renderAt(<FaqPage />);
    expect(await screen.findByText(/redeemable only while the event runs/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/November|December/);
  });

  it("says so when the page's facts cannot be read, and reads them again on request", async () => {
    serve({ "GET /api/site": "offline" });
    renderAt(<FaqPage />);
    expect(await screen.findByRole("alert")).toBeTruthy();
    serve({ "GET /api/site": { status: 200, body: site } });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: /The Event/, level: 2 })).toBeTruthy();
  });
});

describe("the data deletion page", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const field = () => screen.getByLabelText("Email address") as HTMLInputElement;
  const submit = () => screen.getByRole("button", { name: "Request Deletion" }) as HTMLButtonElement;

  it("keeps its button disabled while the address is empty, and leads back to the privacy policy", async () => {
    serve({ "GET /api/site": { status: 200, body: site } });
    renderAt(<DataDeletionPage />, "/data-deletion");
    expect(field().required).toBe(true);
    expect(submit().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: "   " } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: "raven@house.example" } });
    expect(submit().disabled).toBe(false);
    expect(screen.getByRole("link", { name: /Privacy Policy/ }).getAttribute("href")).toBe("/privacy-policy");
    expect(await screen.findByText(/erased within 21 days/)).toBeTruthy();
  });

  it("replaces the form with 'Request Submitted' and the server's words", async () => {
    const answer = DataDeletionToasts.submittedWithin(21);
    const { posted, sent } = serve({
      "GET /api/site": { status: 200, body: site },
      "POST /api/data-deletion/request": { status: 200, body: { message: answer } },
    });
    renderAt(<DataDeletionPage />, "/data-deletion");
    fireEvent.change(field(), { target: { value: " Raven@House.Example " } });
    fireEvent.click(submit());
    const done = await screen.findByRole("heading", { name: "Request Submitted" });
    expect(posted).toEqual([{ email: "raven@house.example" }]);
    expect(sent("POST", "/api/data-deletion/request")).toHaveLength(1);
    expect(within(screen.getByRole("status")).getByText(answer)).toBeTruthy();
    expect(screen.queryByLabelText("Email address")).toBeNull();
    expect(toastNow()).toMatchObject({ title: "Request Submitted", description: answer });
    await waitFor(() => expect(document.activeElement).toBe(done));
  });

  it("toasts 'Error' with the server's message, or the spec's words when there is none", async () => {
    serve({
      "POST /api/data-deletion/request": { status: 400, body: { message: Messages.invalidEmail } },
    });
    renderAt(<DataDeletionPage />, "/data-deletion");
    fireEvent.change(field(), { target: { value: "raven@house.example" } });
    fireEvent.click(submit());
    await waitFor(() => expect(toastNow()).toMatchObject({ title: "Error", description: Messages.invalidEmail }));
    expect(field().getAttribute("aria-invalid")).toBe("true");

    cleanup();
    resetToasts();
    serve({ "POST /api/data-deletion/request": "offline" });
    renderAt(<DataDeletionPage />, "/data-deletion");
    fireEvent.change(field(), { target: { value: "raven@house.example" } });
    fireEvent.click(submit());
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Error",
        description: "Failed to submit deletion request. Please try again.",
        variant: "destructive",
      }),
    );
    expect(screen.getByLabelText("Email address")).toBeTruthy();
  });

  it("refuses an address that is not one before asking the server", async () => {
    const { posted } = serve({});
    renderAt(<DataDeletionPage />, "/data-deletion");
    fireEvent.change(field(), { target: { value: "raven" } });
    fireEvent.click(submit());
    expect(await screen.findByText(Messages.invalidEmail)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("confirms the request of the mailed link and says by when it is carried out", async () => {
    const message = "Your request is confirmed. Your personal data will be erased by Dec 19, 2025.";
    const { posted, sent } = serve({
      "POST /api/data-deletion/confirm": { status: 200, body: { message, processBy: "2025-12-19T12:00:00.000Z" } },
    });
    renderAt(<DataDeletionPage />, "/data-deletion?confirm=tok-en_123");
    expect(await screen.findByRole("heading", { name: "Request Confirmed" })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(posted).toEqual([{ token: "tok-en_123" }]);
    expect(sent("POST", "/api/data-deletion/confirm")).toHaveLength(1);
  });

  it("says why a link cannot be used and leads to a new one", async () => {
    const expired = "This confirmation link has expired. Ask again on the data deletion page for a new one.";
    serve({ "POST /api/data-deletion/confirm": { status: 400, body: { message: expired } } });
    renderAt(<DataDeletionPage />, "/data-deletion?confirm=old");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(expired)).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/data-deletion");
  });
});
