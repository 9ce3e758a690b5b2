import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { challenge } from "../../../testing/challenge-fixture";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { ChallengeDetail } from "./challenge-detail";

function renderDetail(type: "puzzle" | "task", slug: string) {
  const onCorrect = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/detail", element: <ChallengeDetail type={type} slug={slug} onCorrect={onCorrect} /> },
      { path: "/earn-credits", element: <h1>Harvest Credits home</h1> },
    ],
    { initialEntries: ["/detail"] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onCorrect, router };
}

describe("a challenge's own page", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("says 'Puzzle Not Found' or 'Trial Not Found' for a slug nobody keeps", async () => {
    serve({});
    renderDetail("puzzle", "nothing");
    expect(await screen.findByRole("heading", { name: "Puzzle Not Found" })).toBeTruthy();
    cleanup();
    renderDetail("task", "nothing");
    expect(await screen.findByRole("heading", { name: "Trial Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Harvest Credits" }).getAttribute("href")).toBe("/earn-credits");
  });

  it("shows the already-attempted banner and no form after the one attempt", async () => {
    serve({
      "GET /api/trials/ash-vow": {
        status: 200,
        body: challenge({ type: "task", urlSlug: "ash-vow", attempt: "failed" }),
      },
    });
    renderDetail("task", "ash-vow");
    expect(await screen.findByText("You've already used your one attempt for this trial.")).toBeTruthy();
    expect(screen.queryByLabelText("Your answer")).toBeNull();
  });

  it("says 'Incorrect Answer' on a wrong answer, one attempt per puzzle", async () => {
    serve({
      "GET /api/puzzles/the-ninth-seal": { status: 200, body: challenge() },
      "POST /api/puzzles/the-ninth-seal/submit": {
        status: 200,
        body: { correct: false, credits: 0, message: "Incorrect, no credits awarded." },
      },
    });
    renderDetail("puzzle", "the-ninth-seal");
    fireEvent.change(await screen.findByLabelText("Your answer"), { target: { value: "ash" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Incorrect Answer"));
    expect(toastNow()?.description).toBe("Unfortunately, you only get one attempt per puzzle.");
  });

  it("after a right answer, says 'Correct!' and returns to /earn-credits 2 seconds later", async () => {
    serve({
      "GET /api/puzzles/the-ninth-seal": { status: 200, body: challenge() },
      "POST /api/puzzles/the-ninth-seal/submit": {
        status: 200,
        body: { correct: true, credits: 5, message: "Completed! Credits awarded." },
      },
    });
    const { onCorrect, router } = renderDetail("puzzle", "the-ninth-seal");
    fireEvent.change(await screen.findByLabelText("Your answer"), { target: { value: "ember" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Correct!"));
    expect(onCorrect).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/detail");
    await waitFor(() => expect(router.state.location.pathname).toBe("/earn-credits"), { timeout: 3500 });
  });
});
