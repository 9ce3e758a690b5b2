import { RESEND_COOLDOWN_SECONDS } from "@bm/shared";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { queryClient } from "../../../lib/query-client";
import { description } from "../../../testing/description";
import { renderAt } from "../../../testing/render-at";
import { toastNow } from "../../../testing/toast-now";
import { heldUser } from "../api/session";
import { EntryPortal } from "./entry-portal";

const user = {
  id: "u1",
  email: "seeker@example.com",
  firstName: null,
  lastName: null,
  isAdmin: false,
  isStaff: false,
  mpcBalance: "5.00",
  referralCode: "ZX81QP",
  gateOpen: false,
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const handler = handlers[String(input)];
    if (!handler) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    return handler(init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderEntry(url = "/enter") {
  return renderAt(
    url,
    <Routes>
      <Route path="/enter" element={<EntryPortal />} />
      <Route path="/sanctum" element={<p>Sanctum reached</p>} />
      {/* A protected page shown to a signed-out visitor: the portal stands in its place. */}
      <Route path="/lot/:lotNumber" element={<EntryPortal />} />
    </Routes>,
    queryClient,
  );
}

const emailInput = () => screen.getByLabelText("Email") as HTMLInputElement;
const codeInput = () => screen.getByLabelText("Verification code") as HTMLInputElement;

async function reachCodeStep(email = "seeker@example.com") {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
  return screen.findByLabelText("Verification code");
}

describe("entry portal", () => {
  beforeEach(() => {
    resetToasts();
    queryClient.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetToasts();
  });

  it("refuses an e-mail without '@' with 'Invalid Email' and sends nothing", () => {
    const fetchMock = mockApi({});
    renderEntry();
    fireEvent.change(emailInput(), { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(toastNow()).toMatchObject({
      title: "Invalid Email",
      description: "Please enter a valid email address",
      variant: "destructive",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the refused e-mail's reason at the field, tied to it, until it is edited", () => {
    mockApi({});
    renderEntry();
    fireEvent.change(emailInput(), { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(emailInput().getAttribute("aria-invalid")).toBe("true");
    expect(description(emailInput())).toMatch("Please enter a valid email address");

    fireEvent.change(emailInput(), { target: { value: "seeker@example.com" } });
    expect(emailInput().getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
  });

  it("shows a refused code's reason at the code field, beside the digit count", async () => {
    mockApi({
      "/api/auth/send-code": () => json({ message: "Verification code sent" }),
      "/api/auth/verify-code": () => json({ message: "Invalid or expired code", code: "INVALID_CODE" }, 400),
    });
    renderEntry();
    await reachCodeStep();
    fireEvent.change(codeInput(), { target: { value: "1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    expect(codeInput().getAttribute("aria-invalid")).toBe("true");
    expect(description(codeInput())).toMatch("Please enter the 6-digit verification code 4 of 6 digits");

    fireEvent.change(codeInput(), { target: { value: "000000" } });
    expect(codeInput().getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    await waitFor(() => expect(description(codeInput())).toMatch(/^Invalid or expired code/));
    expect(codeInput().getAttribute("aria-invalid")).toBe("true");
  });

  it("keeps only digits in the code field, six at most", async () => {
    mockApi({ "/api/auth/send-code": () => json({ message: "Verification code sent" }) });
    renderEntry();
    await reachCodeStep();

    fireEvent.change(codeInput(), { target: { value: "12a-34 5678" } });
    expect(codeInput().value).toBe("123456");

    fireEvent.change(codeInput(), { target: { value: " 98 76 " } });
    expect(codeInput().value).toBe("9876");

    fireEvent.change(codeInput(), { target: { value: "abc" } });
    expect(codeInput().value).toBe("");
  });

  it("refuses a code that is not six digits with 'Invalid Code'", async () => {
    const fetchMock = mockApi({ "/api/auth/send-code": () => json({ message: "Verification code sent" }) });
    renderEntry();
    await reachCodeStep();
    fireEvent.change(codeInput(), { target: { value: "1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    expect(toastNow()).toMatchObject({
      title: "Invalid Code",
      description: "Please enter the 6-digit verification code",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the code cannot be sent", async () => {
    mockApi({
      "/api/auth/send-code": () => json({ message: "Please wait a minute before requesting another code" }, 429),
    });
    renderEntry();
    fireEvent.change(emailInput(), { target: { value: "seeker@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Failed to Send Code",
        description: "Please wait a minute before requesting another code",
      }),
    );
    expect(screen.queryByLabelText("Verification code")).toBeNull();
  });

  it("says 'Connection Lost' when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderEntry();
    fireEvent.change(emailInput(), { target: { value: "seeker@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Connection Lost",
        description: "Unable to send verification code. Try again...",
      }),
    );
  });

  it("holds the resend button for the countdown, and 'Change email' goes back and clears the code", async () => {
    mockApi({ "/api/auth/send-code": () => json({ message: "Verification code sent" }) });
    renderEntry();
    await reachCodeStep();
    const resend = screen.getByRole("button", { name: /Resend code/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toContain(`(${RESEND_COOLDOWN_SECONDS}s)`);

    fireEvent.change(codeInput(), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Change email" }));
    expect(emailInput().value).toBe("seeker@example.com");
    await reachCodeStep();
    expect(codeInput().value).toBe("");
  });

  it("enables resend once the countdown has run out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({ "/api/auth/send-code": () => json({ message: "Verification code sent" }) });
      renderEntry();
      await reachCodeStep();
      await act(async () => {
        vi.advanceTimersByTime(RESEND_COOLDOWN_SECONDS * 1000 + 1000);
      });
      const resend = screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
      expect(resend.disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Access Denied' with the server's message for a wrong code", async () => {
    mockApi({
      "/api/auth/send-code": () => json({ message: "Verification code sent" }),
      "/api/auth/verify-code": () => json({ message: "Invalid or expired code", code: "INVALID_CODE" }, 400),
    });
    renderEntry();
    await reachCodeStep();
    fireEvent.change(codeInput(), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    await waitFor(() =>
      expect(toastNow()).toMatchObject({ title: "Access Denied", description: "Invalid or expired code" }),
    );
  });

  it("says only 'This account is suspended' when a right code belongs to a suspended account, and stays on the entry page", async () => {
    mockApi({
      "/api/auth/send-code": () => json({ message: "Verification code sent" }),
      "/api/auth/verify-code": () => json({ message: "This account is suspended", code: "SUSPENDED" }, 403),
    });
    renderEntry();
    await reachCodeStep();
    fireEvent.change(codeInput(), { target: { value: "482913" } });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    await waitFor(() =>
      expect(toastNow()).toMatchObject({ title: "Access Denied", description: "This account is suspended" }),
    );
    expect(screen.getByText("This account is suspended", { selector: "p" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enter" })).toBeTruthy();
  });

  it("announces a referral, sends its code with the verification, then signs in and goes to /sanctum", async () => {
    let verifyBody: unknown;
    mockApi({
      "/api/auth/send-code": () => json({ message: "Verification code sent" }),
      "/api/auth/verify-code": (init) => {
        verifyBody = JSON.parse(String(init?.body));
        return json({ message: "Signed in", user, isNewUser: true, referralApplied: true });
      },
      "/api/auth/user": () => json(user),
    });
    const router = renderEntry("/enter?ref=FRIEND42");
    expect(screen.getByRole("note").textContent).toContain("5 MPC credits");
    expect(toastNow()?.description).toContain("5 MPC credits are awarded on signup");

    await reachCodeStep();
    fireEvent.change(codeInput(), { target: { value: "482913" } });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));

    await screen.findByText("Sanctum reached");
    expect(verifyBody).toEqual({ email: "seeker@example.com", code: "482913", referralCode: "FRIEND42" });
    expect(router.location.pathname).toBe("/sanctum");
    expect(heldUser()).toMatchObject({ email: "seeker@example.com" });
  });

  it("signs in on a protected page shown in place (an e-mailed /lot/9) and stays there", async () => {
    mockApi({
      "/api/auth/send-code": () => json({ message: "Verification code sent" }),
      "/api/auth/verify-code": () => json({ message: "Signed in", user, isNewUser: false, referralApplied: false }),
      "/api/auth/user": () => json(user),
    });
    const router = renderEntry("/lot/9");
    await reachCodeStep();
    fireEvent.change(codeInput(), { target: { value: "482913" } });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));

    await waitFor(() => expect(heldUser()).toMatchObject({ email: user.email }));
    expect(router.location.pathname).toBe("/lot/9");
    expect(screen.queryByText("Sanctum reached")).toBeNull();
  });
});
