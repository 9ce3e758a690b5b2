import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../../../api/get-user";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { challenge } from "../../../testing/challenge-fixture";
import { renderAt } from "../../../testing/render-at";
import { answer, serveAll } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { copy } from "../lib/challenge-copy";
import { submitErrorToast } from "../lib/submit-outcome";
import { TodayChallenge } from "./today-challenge";

const favour = challenge({
  type: "task",
  urlSlug: "bde140f670",
  title: "The Subscriber's Favour",
  answerKind: "subscriber",
});

function renderFavour(email = "raven@house.example") {
  const client = createQueryClient();
  client.setQueryData(authKeys.user(), {
    id: "u1",
    email,
    firstName: null,
    lastName: null,
    isAdmin: false,
    isStaff: false,
    mpcBalance: "0.00",
    referralCode: "ZX81QP",
    gateOpen: false,
  });
  renderAt("/", <TodayChallenge challenge={favour} onCorrect={() => {}} />, client);
}

const field = () => screen.getByLabelText("Your e-mail") as HTMLInputElement;
const enlist = () => screen.getByRole("button", { name: "Enlist" }) as HTMLButtonElement;

describe("the subscriber trial's e-mail on the earn pages", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the member's own address and the way to the favour's chamber", () => {
    renderFavour();
    expect(field().value).toBe("raven@house.example");
    expect(screen.getByRole("link", { name: "Enter the Subscriber's Favour" }).getAttribute("href")).toBe(
      "/trial/subscribers-favor",
    );
  });

  it("asks for an address when there is none: 'Email Required' / 'Please enter your email address'", () => {
    const { fetchMock } = serveAll(answer({}));
    renderFavour("");
    expect(enlist().disabled).toBe(true);
    fireEvent.submit(field().form as HTMLFormElement);
    expect(toastNow()).toMatchObject({ title: "Email Required", description: "Please enter your email address" });
    expect(screen.getByText("Please enter your email address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a malformed address before sending it", () => {
    const { fetchMock } = serveAll(answer({}));
    renderFavour();
    fireEvent.change(field(), { target: { value: "raven at house" } });
    fireEvent.click(enlist());
    expect(toastNow()).toMatchObject({ title: "Invalid Email", description: "Please enter a valid email address." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("enlists the trimmed address and says 'Correct!'", async () => {
    const { fetchMock } = serveAll(answer({ success: true, credits: 5, message: "Your name has been recorded." }));
    renderFavour();
    fireEvent.change(field(), { target: { value: "  raven@house.example " } });
    fireEvent.click(enlist());
    await waitFor(() =>
      expect(toastNow()).toMatchObject({ title: "Correct!", description: "You've earned 5 MPC credits!" }),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/trials/bde140f670/enlist");
    expect(JSON.parse(String(init.body))).toEqual({ email: "raven@house.example" });
  });

  it("toasts 'Error' with the server's message, or 'Failed to submit email' when it gave none", async () => {
    serveAll(answer({ message: "Enlist your own address: the House's letters need its owner's consent" }, 400));
    renderFavour();
    fireEvent.click(enlist());
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Error",
        description: "Enlist your own address: the House's letters need its owner's consent",
      }),
    );

    // Without a word from the server: the spec's fallback for e-mails (the Ritual's codes: ritual-page.test.tsx).
    expect(submitErrorToast(new Error("lost"), copy.submitEmailFailed)).toEqual({
      title: "Error",
      description: "Failed to submit email",
      variant: "destructive",
    });

    cleanup();
    resetToasts();
    serveAll("offline");
    renderFavour();
    fireEvent.click(enlist());
    await waitFor(() => expect(toastNow()).toMatchObject({ title: "Connection Lost", variant: "destructive" }));
  });
});
