import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChallengeDetail } from "../features/challenges";
import { createQueryClient } from "../lib/query-client";
import { challenge } from "../testing/challenge-fixture";
import { serve } from "../testing/serve";
import { WithSpecialAnswers } from "./special-answers";

function renderDetail(type: "puzzle" | "task", slug: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WithSpecialAnswers>
          <ChallengeDetail type={type} slug={slug} onCorrect={() => {}} />
        </WithSpecialAnswers>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the challenges other features answer", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("keeps the referral trial's panel without the one-attempt banner once the trial is completed", async () => {
    serve({
      "GET /api/trials/summons": {
        status: 200,
        body: challenge({ type: "task", urlSlug: "summons", attempt: "completed", answerKind: "referrals" }),
      },
      "GET /api/referrals/stats": { status: 200, body: { completedReferrals: 1, maxReferrals: 3, referrals: [] } },
    });
    renderDetail("task", "summons");
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.queryByText("You've already used your one attempt for this trial.")).toBeNull();
  });
});
