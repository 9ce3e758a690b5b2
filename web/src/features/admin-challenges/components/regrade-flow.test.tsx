import type { RegradePreview } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { answersChanged } from "../lib/answers";
import { adminChallengeFixture } from "../testing/admin-challenge-fixture";
import { ChallengeForm } from "./challenge-form";

const PREVIEW = "/api/admin/challenges/puzzle/3/regrade/preview";
const APPLY = "/api/admin/challenges/puzzle/3/regrade/apply";
const UPDATE = "/api/admin/update-puzzle/3";

function previewOf(overrides: Partial<RegradePreview> = {}): RegradePreview {
  const candidate = (n: number, wins: boolean) => ({
    attemptId: 100 + n,
    member: { id: `m${n}`, email: `seeker${n}@example.test`, name: n === 1 ? "First Seeker" : null },
    attemptedAt: `2025-11-05T18:0${n}:00.000Z`,
    answer: "Nevermore",
    wins,
    credits: wins ? 5 : 0,
  });
  return {
    type: "puzzle",
    id: 3,
    title: "The Raven's Riddle",
    answer: "nevermore",
    answerVariants: ["Nevermore"],
    credits: 5,
    maxWinners: 10,
    winnersSoFar: 8,
    slotsLeft: 2,
    candidates: [candidate(1, true), candidate(2, true), candidate(3, false)],
    fingerprint: "fp-1",
    ...overrides,
  };
}

function renderForm(challenge = adminChallengeFixture({ maxWinners: 10 })) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ChallengeForm type="puzzle" challenge={challenge} onSaved={onSaved} onCancel={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSaved };
}

const click = async (name: string | RegExp, scope?: HTMLElement) => {
  const where = scope ? within(scope) : screen;
  await act(async () => {
    fireEvent.click(where.getByRole("button", { name }));
  });
};

describe("re-grading from the challenge editor", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("knows when the accepted answers change: trimmed, repeats and blanks aside", () => {
    const challenge = { answer: "nevermore", answerVariants: ["Nevermore"] };
    expect(answersChanged(challenge, { answer: " nevermore ", answerVariants: ["Nevermore", "", " Nevermore"] })).toBe(
      false,
    );
    expect(answersChanged(challenge, { answer: "nevermore", answerVariants: [] })).toBe(true);
    expect(answersChanged(challenge, { answer: "Nevermore", answerVariants: ["nevermore"] })).toBe(true);
  });

  it("a plain edit without an answer change saves at once, as before", async () => {
    const saved = adminChallengeFixture({ title: "The Raven Returns" });
    const { sent } = serve({ [`PUT ${UPDATE}`]: { status: 200, body: { challenge: saved } } });
    const { onSaved } = renderForm();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "The Raven Returns" } });
    await click("Update");
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent("POST", PREVIEW)).toEqual([]);
  });

  it("an added variant on an answered challenge shows the preview in time order, then applies after a confirm", async () => {
    const saved = adminChallengeFixture({ answerVariants: ["Nevermore"] });
    const { sent } = serve({
      [`POST ${PREVIEW}`]: { status: 200, body: previewOf() },
      [`POST ${APPLY}`]: { status: 200, body: { preview: previewOf(), awarded: 2, missed: 1 } },
      [`PUT ${UPDATE}`]: { status: 200, body: { challenge: saved } },
    });
    const { onSaved } = renderForm();
    fireEvent.change(screen.getByLabelText("Also accepted (optional)"), { target: { value: "Nevermore\n" } });
    await click("Update");

    const dialog = await screen.findByRole("dialog", { name: "Re-grade the recorded attempts?" });
    await within(dialog).findByText("seeker1@example.test");
    expect(sent("POST", PREVIEW)[0]?.body).toEqual({ answer: "nevermore", answerVariants: ["Nevermore"] });
    expect(sent("PUT", UPDATE)).toEqual([]);
    const rows = within(dialog).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[2]?.textContent)).toEqual([
      "seeker1@example.testFirst Seeker",
      "seeker2@example.test",
      "seeker3@example.test",
    ]);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]?.textContent)).toEqual([
      "Wins · +5 credits",
      "Wins · +5 credits",
      "Misses out: no slot left",
    ]);
    expect(dialog.textContent).toContain("10 in all · 8 taken · 2 left");
    expect(dialog.textContent).toContain("never taken back");
    expect(dialog.textContent).toMatch(/Times|EST|ET/);

    await click("Apply re-grade", dialog);
    const confirm = await screen.findByRole("dialog", { name: "Apply the re-grade?" });
    expect(confirm.textContent).toContain("2 members are completed at their original answer time");
    expect(sent("POST", APPLY)).toEqual([]);
    await click("Apply re-grade", confirm);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent("POST", APPLY)[0]?.body).toMatchObject({ answer: "nevermore", fingerprint: "fp-1" });
    expect(sent("PUT", UPDATE)).toHaveLength(1);
  });

  it("'Save without re-grading' saves the new answer for answers to come and applies nothing", async () => {
    const saved = adminChallengeFixture({ answer: "Nevermore" });
    const { sent } = serve({
      [`POST ${PREVIEW}`]: { status: 200, body: previewOf({ candidates: [], slotsLeft: 2 }) },
      [`PUT ${UPDATE}`]: { status: 200, body: { challenge: saved } },
    });
    const { onSaved } = renderForm();
    fireEvent.change(screen.getByLabelText("Answer"), { target: { value: "Nevermore" } });
    await click("Update");
    const dialog = await screen.findByRole("dialog", { name: "Re-grade the recorded attempts?" });
    expect(
      await within(dialog).findByText("No recorded wrong attempt becomes right under these answers."),
    ).toBeTruthy();
    await click("Save without re-grading", dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent("PUT", UPDATE)[0]?.body).toMatchObject({ answer: "Nevermore" });
    expect(sent("POST", APPLY)).toEqual([]);
  });

  it("a challenge nobody has answered saves a new answer at once, without a preview", async () => {
    const saved = adminChallengeFixture({ answer: "Nevermore", completions: 0, failures: 0 });
    const { sent } = serve({ [`PUT ${UPDATE}`]: { status: 200, body: { challenge: saved } } });
    const { onSaved } = renderForm(adminChallengeFixture({ completions: 0, failures: 0 }));
    fireEvent.change(screen.getByLabelText("Answer"), { target: { value: "Nevermore" } });
    await click("Update");
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent("POST", PREVIEW)).toEqual([]);
  });

  it("a stale preview is refused with the server's words and can be previewed again", async () => {
    let previews = 0;
    serve({
      [`POST ${PREVIEW}`]: () => {
        previews += 1;
        return { status: 200, body: previewOf({ fingerprint: `fp-${previews}` }) };
      },
      [`POST ${APPLY}`]: { status: 409, body: { message: "The re-grade preview is out of date", code: "CONFLICT" } },
    });
    renderForm();
    fireEvent.change(screen.getByLabelText("Answer"), { target: { value: "Nevermore" } });
    await click("Update");
    const dialog = await screen.findByRole("dialog", { name: "Re-grade the recorded attempts?" });
    await within(dialog).findByText("seeker1@example.test");
    await click("Apply re-grade", dialog);
    await click("Apply re-grade", await screen.findByRole("dialog", { name: "Apply the re-grade?" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("out of date");
    expect((within(dialog).getByRole("button", { name: "Apply re-grade" }) as HTMLButtonElement).disabled).toBe(true);
    await click("Preview again", dialog);
    await waitFor(() => expect(previews).toBe(2));
  });
});
