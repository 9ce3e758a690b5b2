import { type AdminSuspension, SuspensionMessages } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { MEMBER_ID, suspensionFixture } from "../testing/suspension-fixture";
import { SuspensionPanel } from "./suspension-panel";

const MEMBER = MEMBER_ID;
const HISTORY = `/api/admin/members/${MEMBER}/suspensions`;
const LIFT = `/api/admin/members/${MEMBER}/suspension/lift`;

function history(items: AdminSuspension[]) {
  return { status: 200, body: { active: items.find((s) => s.state === "active") ?? null, items } };
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SuspensionPanel memberId={MEMBER} memberLabel="raven@house.test" />
    </QueryClientProvider>,
  );
}

describe("the Suspension panel", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says a member never suspended is not suspended, and offers to suspend", async () => {
    serve({ [`GET ${HISTORY}`]: history([]) });
    renderPanel();
    expect(await screen.findByText("Not suspended.")).toBeTruthy();
    expect(screen.getByText("Never suspended.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Suspend member" }));
    expect(await screen.findByRole("dialog", { name: "Suspend member" })).toBeTruthy();
  });

  it("shows the suspension in force with its end (zone named) and the whole history, newest first", async () => {
    serve({
      [`GET ${HISTORY}`]: history([
        suspensionFixture({ id: 9, until: "2025-12-02T01:30:00.000Z", voidLeadingBids: true }),
        suspensionFixture({
          id: 3,
          state: "lifted",
          reason: "First warning",
          liftedAt: "2025-11-20T18:00:00.000Z",
          liftedBy: { id: "a2", email: "warden@house.test" },
          liftReason: "Paid in full",
        }),
        suspensionFixture({ id: 1, state: "ended", reason: "Cooling off", until: "2025-11-10T17:00:00.000Z" }),
      ]),
    });
    renderPanel();
    const status = await screen.findByText(/^Suspended until/);
    expect(status.textContent).toBe("Suspended until Dec 1, 2025 at 8:30 PM EST.");
    const entries = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(
      entries.map((e) => within(e).getByText(/^(In force|Lifted|Ended)$/, { selector: "span" }).textContent),
    ).toEqual(["In force", "Lifted", "Ended"]);
    expect(within(entries[0] as HTMLElement).getByText("Voiding asked")).toBeTruthy();
    expect(within(entries[1] as HTMLElement).getByText(/by warden@house\.test: Paid in full/)).toBeTruthy();
    expect(within(entries[2] as HTMLElement).getByText("Cooling off")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Lift suspension" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Suspend member" })).toBeNull();
  });

  it("lifts after a question, with the optional reason, then reads the history again", async () => {
    let lifted = false;
    const active = suspensionFixture();
    const { sent } = serve({
      [`GET ${HISTORY}`]: () =>
        history([
          lifted ? { ...active, state: "lifted", liftedAt: "2025-11-29T15:00:00.000Z", liftReason: "Paid" } : active,
        ]),
      [`POST ${LIFT}`]: () => {
        lifted = true;
        return { status: 200, body: { suspension: { ...active, state: "lifted" } } };
      },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Lift suspension" }));
    const dialog = await screen.findByRole("dialog", { name: "Lift suspension" });
    expect(dialog.textContent).toContain("raven@house.test may sign in and act again at once.");
    fireEvent.change(within(dialog).getByLabelText("Why (optional, internal)"), { target: { value: " Paid " } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Lift suspension" }));
    });
    await waitFor(() => expect(sent("POST", LIFT)).toHaveLength(1));
    expect(sent("POST", LIFT)[0]?.body).toEqual({ reason: "Paid" });
    await waitFor(() => expect(toastNow()).toMatchObject({ title: "Suspension lifted" }));
    expect(await screen.findByText("Not suspended.")).toBeTruthy();
    expect(sent("GET", HISTORY).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a refused lift in the question's dialog", async () => {
    serve({
      [`GET ${HISTORY}`]: history([suspensionFixture()]),
      [`POST ${LIFT}`]: { status: 409, body: { message: SuspensionMessages.notSuspended, code: "CONFLICT" } },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Lift suspension" }));
    const dialog = await screen.findByRole("dialog", { name: "Lift suspension" });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Lift suspension" }));
    });
    expect((await within(dialog).findByRole("alert")).textContent).toBe(SuspensionMessages.notSuspended);
  });

  it("says when the suspensions cannot be read, with a way to ask again", async () => {
    serve({
      [`GET ${HISTORY}`]: { status: 503, body: { message: "The House is overwhelmed. Try again in a moment." } },
    });
    renderPanel();
    expect((await screen.findByRole("alert")).textContent).toContain("The House is overwhelmed.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
