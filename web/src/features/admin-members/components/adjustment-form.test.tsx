import { MemberAdminMessages } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, useToastStore } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { AdjustmentForm } from "./adjustment-form";

const ID = "4f1c2a9e-8d51-4f6b-9a3e-2b7c5d8e1f00";
const PATH = `/api/admin/members/${ID}/credit-adjustments`;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const made = {
  status: 200,
  body: {
    adjustment: {
      id: 9,
      amount: 25,
      reason: "Refund",
      note: "Sorry",
      actorEmail: "admin@test.example",
      createdAt: "2025-11-21T18:00:00.000Z",
    },
    credits: { balance: "77.00", committed: "40.00", available: "37.00" },
  },
};

function renderForm(prefill?: { amount: number; reason: string }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdjustmentForm memberId={ID} email="m@test.example" balance="52.00" prefill={prefill} />
    </QueryClientProvider>,
  );
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

describe("the credit adjustment form", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refuses an empty or zero amount and a missing reason at the fields, sending nothing", async () => {
    const { calls } = serve({});
    renderForm();
    await click("Review adjustment");
    expect((await screen.findAllByText(MemberAdminMessages.amountWhole)).length).toBeGreaterThan(0);
    expect(screen.getByText(MemberAdminMessages.reasonRequired)).toBeTruthy();
    fireEvent.change(field("Amount (credits)"), { target: { value: "0" } });
    fireEvent.change(field("Reason (admins only)"), { target: { value: "Refund" } });
    await click("Review adjustment");
    expect(field("Amount (credits)").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });

  it("asks before sending, says what the member reads, then sends the adjustment", async () => {
    const { sent } = serve({ [`POST ${PATH}`]: made });
    renderForm();
    fireEvent.change(field("Amount (credits)"), { target: { value: "25" } });
    fireEvent.change(field("Reason (admins only)"), { target: { value: "Refund for the typo" } });
    fireEvent.change(field("Note to the member (optional)"), { target: { value: "Sorry about the typo" } });
    await click("Review adjustment");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("the balance goes from 52.00 to 77.00");
    expect(dialog.textContent).toContain("Sorry about the typo");
    expect(sent("POST", PATH)).toHaveLength(0);
    await click("Give 25 credits");
    await waitFor(() => expect(sent("POST", PATH)).toHaveLength(1));
    expect(sent("POST", PATH)[0]?.body).toEqual({
      amount: 25,
      reason: "Refund for the typo",
      note: "Sorry about the typo",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(useToastStore.getState().current?.title).toBe("Credits adjusted");
  });

  it("shows the server's refusal in the dialog (below committed)", async () => {
    const refusal = MemberAdminMessages.belowCommitted(39_00, 40_00);
    serve({ [`POST ${PATH}`]: { status: 409, body: { message: refusal, code: "CONFLICT" } } });
    renderForm({ amount: -13, reason: "Compensates adjustment #4: " });
    expect(field("Amount (credits)").value).toBe("-13");
    fireEvent.change(field("Reason (admins only)"), { target: { value: "Compensates adjustment #4: wrong member" } });
    await click("Review adjustment");
    await click("Take 13 credits");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This would leave 39 credits, below the 40 committed to leading bids and pending claims",
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
