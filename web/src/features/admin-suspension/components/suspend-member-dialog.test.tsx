import { newYorkTime } from "@bm/shared";
import { SuspensionMessages } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { MEMBER_ID, suspensionFixture } from "../testing/suspension-fixture";
import { SuspendMemberDialog } from "./suspend-member-dialog";

const MEMBER = MEMBER_ID;
const PATH = `/api/admin/members/${MEMBER}/suspension`;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The message a field points at with aria-describedby (its error, then its hint). */
function describedBy(control: HTMLElement): string {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const onSuspended = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SuspendMemberDialog
        memberId={MEMBER}
        memberLabel="raven@house.test"
        open
        onOpenChange={onOpenChange}
        onSuspended={onSuspended}
      />
    </QueryClientProvider>,
  );
  return { onOpenChange, onSuspended };
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Suspend member" }));
  });
}

describe("the Suspend member dialog", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names the member and says what a suspension does, the reason internal", () => {
    serve({});
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Suspend member" })).toBeTruthy();
    expect(screen.getByText("raven@house.test")).toBeTruthy();
    expect(describedBy(field("Reason (internal)"))).toContain("The member is never told the reason or the end.");
    expect((screen.getByRole("radio", { name: "When an admin lifts it" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("switch", { name: "Void their leading bids" }).getAttribute("aria-checked")).toBe("false");
    // No end chosen: no date fields to fill.
    expect(screen.queryByLabelText("End date (New York)")).toBeNull();
  });

  it("requires a reason at its field and sends nothing", async () => {
    const { calls } = serve({});
    renderDialog();
    fireEvent.change(field("Reason (internal)"), { target: { value: "   " } });
    await submit();
    expect(field("Reason (internal)").getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(field("Reason (internal)"))).toContain(SuspensionMessages.reasonRequired);
    expect(calls).toEqual([]);
  });

  it("refuses an end in the past before asking the server", async () => {
    const { calls } = serve({});
    renderDialog();
    fireEvent.change(field("Reason (internal)"), { target: { value: "Shill bidding" } });
    fireEvent.click(screen.getByRole("radio", { name: "At a date and time (New York)" }));
    fireEvent.change(field("End date (New York)"), { target: { value: "2020-01-01" } });
    fireEvent.change(field("End time (New York)"), { target: { value: "12:00" } });
    await submit();
    expect(describedBy(field("End date (New York)"))).toContain(SuspensionMessages.untilPast);
    expect(calls).toEqual([]);
  });

  it("sends the reason, the New York end as an instant and the choice to void; toasts, reports and closes", async () => {
    const { sent } = serve({
      [`POST ${PATH}`]: ({ body }) => ({
        status: 200,
        body: {
          suspension: suspensionFixture({ voidLeadingBids: true, until: (body as { until: string }).until }),
          voidedBids: 2,
        },
      }),
    });
    const { onOpenChange, onSuspended } = renderDialog();
    fireEvent.change(field("Reason (internal)"), { target: { value: "  Shill bidding on lot 4  " } });
    fireEvent.click(screen.getByRole("radio", { name: "At a date and time (New York)" }));
    fireEvent.change(field("End date (New York)"), { target: { value: "2099-12-01" } });
    fireEvent.change(field("End time (New York)"), { target: { value: "20:30" } });
    fireEvent.click(screen.getByRole("switch", { name: "Void their leading bids" }));
    await submit();

    await waitFor(() => expect(sent("POST", PATH)).toHaveLength(1));
    expect(sent("POST", PATH)[0]?.body).toEqual({
      reason: "Shill bidding on lot 4",
      until: newYorkTime("2099-12-01", 20, 30).toISOString(),
      voidLeadingBids: true,
    });
    // 20:30 in New York in December is 01:30 UTC the next day.
    expect(sent("POST", PATH)[0]?.body).toMatchObject({ until: "2099-12-02T01:30:00.000Z" });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSuspended).toHaveBeenCalledWith(expect.objectContaining({ voidedBids: 2 }));
    expect(toastNow()).toMatchObject({
      title: "Member suspended",
      description: "Signed out everywhere. 2 leading bids voided.",
    });
  });

  it("sends no end when the suspension lasts until lifted", async () => {
    const { sent } = serve({
      [`POST ${PATH}`]: { status: 200, body: { suspension: suspensionFixture(), voidedBids: 0 } },
    });
    renderDialog();
    fireEvent.change(field("Reason (internal)"), { target: { value: "Abuse in the chat" } });
    await submit();
    await waitFor(() => expect(sent("POST", PATH)).toHaveLength(1));
    expect(sent("POST", PATH)[0]?.body).toEqual({ reason: "Abuse in the chat", until: null, voidLeadingBids: false });
    await waitFor(() => expect(toastNow()?.description).toBe("Signed out everywhere. Their bids stand."));
  });

  it("says so when voiding was asked but did not happen: the suspension stands", async () => {
    serve({
      [`POST ${PATH}`]: {
        status: 200,
        body: { suspension: suspensionFixture({ voidLeadingBids: true }), voidedBids: null },
      },
    });
    renderDialog();
    fireEvent.change(field("Reason (internal)"), { target: { value: "Non-payer" } });
    fireEvent.click(screen.getByRole("switch", { name: "Void their leading bids" }));
    await submit();
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Member suspended",
        description: "Their leading bids could not be voided: the suspension stands, the bids are still there.",
        variant: "destructive",
      }),
    );
  });

  it("shows the server's refusal in the dialog and stays open (an admin, already suspended)", async () => {
    serve({
      [`POST ${PATH}`]: { status: 409, body: { message: SuspensionMessages.notAnAdmin, code: "CONFLICT" } },
    });
    const { onOpenChange } = renderDialog();
    fireEvent.change(field("Reason (internal)"), { target: { value: "A coup" } });
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe(SuspensionMessages.notAnAdmin);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
