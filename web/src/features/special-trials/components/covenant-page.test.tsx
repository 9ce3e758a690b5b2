import { SPECIAL_TRIAL_SLUGS, SpecialTrialMessages } from "@bm/shared";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { challenge } from "../../../testing/challenge-fixture";
import { renderAt } from "../../../testing/render-at";
import { answer, type StubAnswer, serve as stub } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { CovenantPage } from "./covenant-page";

const covenant = (overrides = {}) =>
  challenge({
    type: "task",
    urlSlug: SPECIAL_TRIAL_SLUGS.covenant,
    title: "The Covenant of One",
    answerKind: "covenant",
    credits: 200,
    maxWinners: 1,
    winnersLeft: 1,
    ...overrides,
  });

/** The API as the page meets it: the covenant trial, and the seal's answer. */
const serve = (trial: unknown, seal: StubAnswer = answer({})) =>
  stub({}, ({ method }) => (method === "POST" ? seal : answer(trial))).fetchMock;

function renderPage() {
  renderAt("/", <CovenantPage />, createQueryClient());
}

describe("the covenant's page", () => {
  beforeEach(() => {
    resetToasts();
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows everyone else the claimed banner once the one soul has sealed it", async () => {
    serve(covenant({ won: true, winnersLeft: 0 }));
    renderPage();
    expect(await screen.findByText(SpecialTrialMessages.covenantClaimed)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Seal the Contract" })).toBeNull();
  });

  it("shows the winner the covenant already fulfilled", async () => {
    serve(covenant({ won: true, winnersLeft: 0, attempt: "completed" }));
    renderPage();
    expect(await screen.findByText(/Your covenant is already fulfilled/)).toBeTruthy();
  });

  it("refuses an image-less file with 'Invalid File' before anything is sent", async () => {
    const fetchMock = serve(covenant());
    renderPage();
    const input = await screen.findByLabelText("Your signature (PNG, JPG or JPEG image)");
    fireEvent.change(input, { target: { files: [new File(["words"], "notes.txt", { type: "text/plain" })] } });
    expect(toastNow()).toMatchObject({ title: "Invalid File", description: SpecialTrialMessages.invalidFile });
    expect(fetchMock.mock.calls.every(([, init]) => init?.method !== "POST")).toBe(true);
  });

  it("says 'Contract Rejected' with the server's words when the seal is refused", async () => {
    const fetchMock = serve(
      covenant(),
      answer({ message: "Completed by others. Submission closed", code: "CHALLENGE_WON" }, 409),
    );
    renderPage();
    fireEvent.change(await screen.findByLabelText("Your full name, as your soul knows it"), {
      target: { value: "  Morgana Vale " },
    });
    fireEvent.change(screen.getByLabelText("Your signature (PNG, JPG or JPEG image)"), {
      target: { files: [new File([new Uint8Array([0x89, 0x50])], "sig.png", { type: "image/png" })] },
    });
    fireEvent.click(screen.getByLabelText("I have read every clause of this covenant."));
    fireEvent.click(screen.getByLabelText("I agree to its terms and surrender my soul to the market."));
    fireEvent.click(screen.getByRole("button", { name: "Seal the Contract" }));
    fireEvent.click(await screen.findByRole("button", { name: "Seal my soul" }));
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Contract Rejected",
        description: "Completed by others. Submission closed",
      }),
    );
    const [path, init] = fetchMock.mock.calls.find(([, init]) => init?.method === "POST") ?? [];
    expect(String(path)).toContain(`/api/trials/${SPECIAL_TRIAL_SLUGS.covenant}/covenant`);
    expect(JSON.parse(String(init?.body))).toEqual({
      answer: "COMPLETE",
      contractName: "Morgana Vale",
      signature: "data:image/png;base64,iVA=",
      read: true,
      agree: true,
    });
  });
});
