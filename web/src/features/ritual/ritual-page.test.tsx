import { RITUAL_PUZZLE_SLUG } from "@bm/shared";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../components/ui/toast/toast-store";
import { createQueryClient } from "../../lib/query-client";
import { refusalToast } from "../../lib/refusal-toast";
import { challenge } from "../../testing/challenge-fixture";
import { renderAt } from "../../testing/render-at";
import { answer, serve as stub } from "../../testing/serve";
import { toastNow } from "../../testing/toast-now";
import { RitualPage, ritualCopy } from "./ritual-page";

const ritual = challenge({ urlSlug: RITUAL_PUZZLE_SLUG, title: "The Ritual", label: "" });

/** The Ritual's puzzle, and the answer to its one submission. */
function serve(submit: { status: number; body: unknown }) {
  stub({
    [`GET /api/puzzles/${RITUAL_PUZZLE_SLUG}`]: answer(ritual),
    [`POST /api/puzzles/${RITUAL_PUZZLE_SLUG}/submit`]: submit,
  });
}

async function invoke(word: string) {
  renderAt("/", <RitualPage onGranted={() => {}} />, createQueryClient());
  fireEvent.change(await screen.findByLabelText("The hidden word"), { target: { value: word } });
  fireEvent.click(screen.getByRole("button", { name: "invoke the ritual" }));
}

describe("the Ritual's answer", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says 'The Ritual Rejects You' for a wrong word", async () => {
    serve({ status: 200, body: { correct: false, credits: 0, message: "Incorrect, no credits awarded." } });
    await invoke("ember");
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "The Ritual Rejects You",
        description: "The code was not recognized. You've used your one attempt.",
      }),
    );
  });

  it("says 'Error' with the server's refusal when the code was not taken", async () => {
    serve({ status: 409, body: { message: "You've already used your one attempt for this puzzle." } });
    await invoke("ember");
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Error",
        description: "You've already used your one attempt for this puzzle.",
        variant: "destructive",
      }),
    );
    expect(screen.getByText("You've already used your one attempt for this puzzle.")).toBeTruthy();
  });

  it("says 'Failed to submit code' when the server gave no word", () => {
    expect(refusalToast(new Error("lost"), ritualCopy.submitFailed).description).toBe("Failed to submit code");
  });
});
