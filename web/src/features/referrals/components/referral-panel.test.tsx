import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { ReferralPanel } from "./referral-panel";
import { SocialRitePanel } from "./social-rite-panel";

const stats = (completedReferrals: number, emails: string[] = []) => ({
  status: 200,
  body: { completedReferrals, maxReferrals: 3, referrals: emails.map((email) => ({ email })) },
});

function renderWith(ui: React.ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

async function openForm() {
  fireEvent.click(await screen.findByRole("button", { name: "Summon your souls" }));
}

describe("the referral panel", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts hidden, then shows three e-mail slots", async () => {
    serve({ "GET /api/referrals/stats": stats(1) });
    renderWith(<ReferralPanel />);
    expect(await screen.findByText("1 of 3 souls have answered your call.")).toBeTruthy();
    expect(screen.queryByLabelText("Soul 1")).toBeNull();
    await openForm();
    for (const n of [1, 2, 3]) expect((screen.getByLabelText(`Soul ${n}`) as HTMLInputElement).disabled).toBe(false);
  });

  it("locks the slots already invited, showing their addresses", async () => {
    serve({ "GET /api/referrals/stats": stats(0, ["raven@house.test"]) });
    renderWith(<ReferralPanel />);
    await openForm();
    const first = screen.getByLabelText(/Soul 1/) as HTMLInputElement;
    expect([first.value, first.disabled]).toEqual(["raven@house.test", true]);
    expect((screen.getByLabelText("Soul 2") as HTMLInputElement).disabled).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText("Soul 2"));
  });

  it("asks for at least one address before sending anything", async () => {
    const { posted } = serve({ "GET /api/referrals/stats": stats(0) });
    renderWith(<ReferralPanel />);
    await openForm();
    fireEvent.change(screen.getByLabelText("Soul 2"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter at least one email address");
    expect(posted).toEqual([]);
  });

  it("sends the filled slots, says 'Invitations Sent' and shows the sent state", async () => {
    const { posted } = serve({
      "GET /api/referrals/stats": stats(0),
      "POST /api/referrals/send-invitations": ({ body }) => ({
        status: 200,
        body: {
          results: (body as { emails: string[] }).emails.map((email) => ({ email, success: true, message: "Sent" })),
        },
      }),
    });
    renderWith(<ReferralPanel />);
    await openForm();
    fireEvent.change(screen.getByLabelText("Soul 1"), { target: { value: " a@house.test " } });
    fireEvent.change(screen.getByLabelText("Soul 3"), { target: { value: "b@house.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Invitations Sent"));
    expect(toastNow()?.description).toBe("2 invitation(s) sent successfully!");
    expect(posted).toEqual([{ emails: ["a@house.test", "b@house.test"] }]);
    expect(await screen.findByText("Your summons have been sent. They will find their way.")).toBeTruthy();
  });

  it("lists each refusal as 'email: message' under 'Some invitations failed'", async () => {
    serve({
      "GET /api/referrals/stats": stats(0),
      "POST /api/referrals/send-invitations": {
        status: 200,
        body: {
          results: [
            { email: "a@house.test", success: true, message: "Invitation sent" },
            { email: "me@house.test", success: false, message: "You cannot invite yourself" },
          ],
        },
      },
    });
    renderWith(<ReferralPanel />);
    await openForm();
    fireEvent.change(screen.getByLabelText("Soul 1"), { target: { value: "a@house.test" } });
    fireEvent.change(screen.getByLabelText("Soul 2"), { target: { value: "me@house.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Some invitations failed"));
    expect(toastNow()?.description).toBe(
      "1 invitation(s) sent successfully!\nme@house.test: You cannot invite yourself",
    );
  });

  it("says 'Failed to send invitations' / 'Please try again' when the call fails", async () => {
    serve({
      "GET /api/referrals/stats": stats(0),
      "POST /api/referrals/send-invitations": { status: 500, body: { message: "Something went wrong." } },
    });
    renderWith(<ReferralPanel />);
    await openForm();
    fireEvent.change(screen.getByLabelText("Soul 1"), { target: { value: "a@house.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Failed to send invitations"));
    expect(toastNow()?.description).toBe("Please try again");
    expect((screen.getByLabelText("Soul 1") as HTMLInputElement).value).toBe("a@house.test");
  });

  it("is full once completedReferrals reaches maxReferrals: no form", async () => {
    serve({ "GET /api/referrals/stats": stats(3, ["a@x.test", "b@x.test", "c@x.test"]) });
    renderWith(<ReferralPanel />);
    expect(await screen.findByText("Your circle is complete")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Summon your souls" })).toBeNull();
  });
});

describe("the social rite's panel", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the member's code, copies it, and tells where to leave it", async () => {
    serve({ "GET /api/social-rite/my-code": { status: 200, body: { code: "HX7K2QMB", completed: false } } });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderWith(<SocialRitePanel credits={5} />);
    expect((await screen.findByLabelText("Your code")).textContent).toBe("HX7K2QMB");
    expect(screen.getByText(/beneath the House's latest post on Instagram/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Copy code" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Code Copied"));
    expect(writeText).toHaveBeenCalledWith("HX7K2QMB");
  });

  it("shows the completed state once the keepers have read the code", async () => {
    serve({ "GET /api/social-rite/my-code": { status: 200, body: { code: "HX7K2QMB", completed: true } } });
    renderWith(<SocialRitePanel credits={5} />);
    expect(await screen.findByText(/The rite is complete/)).toBeTruthy();
  });
});
