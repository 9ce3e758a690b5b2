import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { challenge } from "../../../testing/challenge-fixture";
import { renderAt } from "../../../testing/render-at";
import { answer, serveAll } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { TodayChallenge } from "./today-challenge";

function renderToday(overrides = {}) {
  const onCorrect = vi.fn();
  renderAt("/", <TodayChallenge challenge={challenge(overrides)} onCorrect={onCorrect} />, createQueryClient());
  return { onCorrect };
}

const field = () => screen.getByLabelText("Your answer") as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement;

describe("today's challenge and its answer form", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("keeps submit disabled until the answer has more than spaces, and says one attempt per puzzle", () => {
    renderToday();
    expect(submit().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: "   " } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: " ember " } });
    expect(submit().disabled).toBe(false);
    expect(screen.getByText("* You have one attempt per puzzle")).toBeTruthy();
  });

  it("sends the trimmed answer and, when right, says 'Correct!' and refreshes the balance", async () => {
    const { fetchMock } = serveAll(answer({ correct: true, credits: 5, message: "Completed! Credits awarded." }));
    const { onCorrect } = renderToday();
    fireEvent.change(field(), { target: { value: "  ember  " } });
    fireEvent.click(submit());
    await waitFor(() => expect(toastNow()?.title).toBe("Correct!"));
    expect(toastNow()?.description).toBe("You've earned 5 MPC credits!");
    expect(onCorrect).toHaveBeenCalledWith(5);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/puzzles/the-ninth-seal/submit");
    expect(JSON.parse(String(init.body))).toEqual({ answer: "ember" });
  });

  it("says 'Incorrect' with the server's words on a wrong answer", async () => {
    serveAll(answer({ correct: false, credits: 0, message: "Incorrect, no credits awarded." }));
    const { onCorrect } = renderToday();
    fireEvent.change(field(), { target: { value: "ash" } });
    fireEvent.click(submit());
    await waitFor(() => expect(toastNow()?.title).toBe("Incorrect"));
    expect(toastNow()?.description).toBe("Incorrect, no credits awarded.");
    expect(onCorrect).not.toHaveBeenCalled();
  });

  it("shows a refusal at the field and in an 'Error' toast", async () => {
    serveAll(answer({ message: "Completed by others. Submission closed", code: "CHALLENGE_CLOSED" }, 409));
    renderToday({ type: "task", urlSlug: "6897f98860", maxWinners: 3 });
    fireEvent.change(field(), { target: { value: "ash" } });
    fireEvent.click(submit());
    await waitFor(() => expect(toastNow()?.title).toBe("Error"));
    expect(toastNow()?.description).toBe("Completed by others. Submission closed");
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Completed by others. Submission closed").length).toBeGreaterThan(0);
  });

  it("shows no form once attempted, failed or closed by others", () => {
    renderToday({ attempt: "completed" });
    expect(screen.getByText("Completed! Credits awarded.")).toBeTruthy();
    cleanup();
    renderToday({ attempt: "failed" });
    expect(screen.getByText("Incorrect, no credits awarded.")).toBeTruthy();
    cleanup();
    renderToday({ maxWinners: 1, won: true, winnersLeft: 0 });
    expect(screen.getByText("Completed by others. Submission closed")).toBeTruthy();
    expect(screen.queryByLabelText("Your answer")).toBeNull();
  });

  it("shows the instruction paragraph for titles beginning with 'Puzzle' only", () => {
    renderToday({ title: "Puzzle of the Drowned Bell" });
    expect(screen.getByText(/what3words/)).toBeTruthy();
    cleanup();
    renderToday({ title: "The Drowned Bell" });
    expect(screen.queryByText(/what3words/)).toBeNull();
  });
});
