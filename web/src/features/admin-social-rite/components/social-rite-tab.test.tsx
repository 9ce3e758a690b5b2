import { AdminToasts } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { SocialRiteTab } from "./social-rite-tab";

const codes = () => screen.getByLabelText("Instagram codes") as HTMLTextAreaElement;

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SocialRiteTab />
    </QueryClientProvider>,
  );
}

async function processText(text: string) {
  fireEvent.change(codes(), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Process Codes" }));
  });
}

describe("the Social Rite tab", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says 'No codes provided' for blank input, at the field and in a toast, sending nothing", async () => {
    const { calls } = serve({});
    renderTab();
    await processText("  \n\t ");
    expect(toastNow()).toMatchObject({ title: "No codes provided", description: "Please enter some codes to process" });
    expect(codes().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter some codes to process")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("says 'No valid codes' when only separators remain", async () => {
    const { calls } = serve({});
    renderTab();
    await processText(" , ,\n,, ");
    expect(toastNow()).toMatchObject({
      title: "No valid codes",
      description: "Could not extract any valid codes from the input",
    });
    expect(calls).toEqual([]);
  });

  it("splits on newlines, commas and whitespace, trims, upper-cases and drops empties before sending", async () => {
    const { sent } = serve({
      "POST /api/admin/social-rite/process-codes": {
        status: 200,
        body: {
          summary: { processed: 3, awarded: 1, alreadyCompleted: 1, notFound: 1 },
          errors: [],
          details: [
            { code: "K7PQ2M4X", email: "raven@house.test", status: "success", credits: 5 },
            { code: "H3TR9WQZ", email: "moth@house.test", status: "already_completed", credits: 0 },
            { code: "ZZZZ", email: null, status: "not_found", credits: 0 },
          ],
        },
      },
    });
    renderTab();
    await processText(" k7pq2m4x,h3tr9wqz\n\n  zzzz\t,, k7pq2m4x ");
    expect(sent("POST", "/api/admin/social-rite/process-codes")[0]?.body).toEqual({
      codes: ["K7PQ2M4X", "H3TR9WQZ", "ZZZZ"],
    });
    await waitFor(() => expect(toastNow()?.title).toBe(AdminToasts.processingCompleteTitle));
    expect(toastNow()?.description).toBe("Awarded credits to 1 users. 1 already completed, 1 not found.");
    expect(await screen.findByRole("table", { name: "Each code" })).toBeTruthy();
    expect(screen.getByText("raven@house.test")).toBeTruthy();
    expect(screen.getByText("Already completed", { selector: "span" })).toBeTruthy();
  });

  it("says 'Processing Failed' when the call fails", async () => {
    serve({
      "POST /api/admin/social-rite/process-codes": {
        status: 500,
        body: { message: "Something went wrong. Please try again.", code: "INTERNAL" },
      },
    });
    renderTab();
    await processText("K7PQ2M4X");
    await waitFor(() => expect(toastNow()?.title).toBe("Processing Failed"));
    expect(toastNow()?.description).toBe("Failed to process codes");
  });
});
