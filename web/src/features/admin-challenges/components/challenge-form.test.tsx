import { AdminMessages } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { adminChallengeFixture } from "../testing/admin-challenge-fixture";
import { ChallengeForm } from "./challenge-form";

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The message a field points at with aria-describedby (its error, then its hint). */
function messageOf(control: HTMLElement): string {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

function renderForm(props: Partial<Parameters<typeof ChallengeForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ChallengeForm type="puzzle" challenge={null} onSaved={onSaved} onCancel={() => {}} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSaved };
}

function fillValid() {
  fireEvent.change(field("Title"), { target: { value: "The Raven's Riddle" } });
  fireEvent.change(field("Description"), { target: { value: "Seek the word." } });
  fireEvent.change(field("Answer"), { target: { value: "nevermore" } });
  fireEvent.change(field("Credits"), { target: { value: "7" } });
  fireEvent.change(field("Date"), { target: { value: "2025-11-05" } });
}

async function submit(name = "Create") {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

describe("the puzzle and trial form", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the shared schema's messages at their fields, sending nothing", async () => {
    const { calls } = serve({});
    renderForm();
    fireEvent.change(field("Credits"), { target: { value: "" } });
    fireEvent.change(field("Date"), { target: { value: "" } });
    await submit();
    for (const [label, message] of [
      ["Title", AdminMessages.titleRequired],
      ["Description", AdminMessages.descriptionRequired],
      ["Answer", AdminMessages.answerRequired],
      ["Credits", AdminMessages.creditsWhole],
      ["Date", AdminMessages.dateInvalid],
    ] as const) {
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
      expect(messageOf(field(label))).toContain(message);
    }
    expect(document.activeElement).toBe(field("Title"));
    expect(calls).toEqual([]);
  });

  it("creates: posts the schema's output, toasts 'Puzzle created' and hands back the saved one", async () => {
    const saved = adminChallengeFixture({ id: 41, credits: 7 });
    const { sent } = serve({ "POST /api/admin/create-puzzle": { status: 201, body: { challenge: saved } } });
    const { onSaved } = renderForm();
    fillValid();
    fireEvent.click(screen.getByRole("switch", { name: "Active Status" }));
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent("POST", "/api/admin/create-puzzle")[0]?.body).toMatchObject({
      title: "The Raven's Riddle",
      credits: 7,
      date: "2025-11-05",
      isActive: false,
      maxWinners: null,
      imageUrl: null,
    });
    expect(toastNow()).toMatchObject({
      title: "Puzzle created",
      description: "The puzzle has been created successfully",
    });
  });

  it("shows a server 409 (address taken) at the title, with the 'Error' toast in the server's words", async () => {
    const taken = AdminMessages.slugTaken("puzzle", "the-raven-s-riddle");
    serve({ "POST /api/admin/create-puzzle": { status: 409, body: { message: taken, code: "CONFLICT" } } });
    renderForm();
    fillValid();
    await submit();
    await waitFor(() => expect(field("Title").getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf(field("Title"))).toContain(taken);
    expect(document.activeElement).toBe(field("Title"));
    expect(toastNow()).toMatchObject({ title: "Error", description: taken, variant: "destructive" });
  });

  it("shows a server 400 at the field it names; an update says 'Trial updated'", async () => {
    const trial = adminChallengeFixture({ id: 9, type: "task", title: "Ashes", urlSlug: "ashes" });
    serve({
      "PUT /api/admin/update-task/9": ({ body }) =>
        (body as { credits: number }).credits > 100
          ? { status: 400, body: { message: "Credits can be at most 100000", code: "VALIDATION" } }
          : { status: 200, body: { challenge: { ...trial, credits: 9 } } },
    });
    renderForm({ type: "task", challenge: trial });
    expect(screen.getByText("/task/ashes")).toBeTruthy();
    fireEvent.change(field("Credits"), { target: { value: "500" } });
    await submit("Update");
    await waitFor(() => expect(messageOf(field("Credits"))).toContain("Credits can be at most 100000"));
    expect(toastNow()?.title).toBe("Error");

    fireEvent.change(field("Credits"), { target: { value: "9" } });
    await submit("Update");
    await waitFor(() => expect(toastNow()?.title).toBe("Trial updated"));
    expect(field("Credits").getAttribute("aria-invalid")).toBeNull();
  });

  it("says 'Failed to save puzzle' when the server gives no words of its own", async () => {
    serve({
      "POST /api/admin/create-puzzle": {
        status: 500,
        body: { message: "Something went wrong. Please try again.", code: "INTERNAL" },
      },
    });
    renderForm();
    fillValid();
    await submit();
    await waitFor(() => expect(toastNow()?.title).toBe("Error"));
    expect(toastNow()?.description).toBe("Failed to save puzzle");
  });

  it("refuses a picture of the wrong kind or over 2 MB at the field, before reading it", async () => {
    serve({});
    renderForm();
    const input = field("Image (optional)");
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(["x"], "notes.gif", { type: "image/gif" })] } });
    });
    expect(messageOf(input)).toContain(AdminMessages.imageInvalid);
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" })] },
      });
    });
    expect(messageOf(input)).toContain(AdminMessages.imageTooLarge);
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("reads a chosen picture into a data URL, shows it, and sends it", async () => {
    const { sent } = serve({
      "POST /api/admin/create-puzzle": { status: 201, body: { challenge: adminChallengeFixture() } },
    });
    renderForm();
    fillValid();
    await act(async () => {
      fireEvent.change(field("Image (optional)"), {
        target: { files: [new File([new Uint8Array([137, 80, 78, 71])], "sigil.png", { type: "image/png" })] },
      });
    });
    const preview = (await screen.findByAltText("Preview of the chosen file")) as HTMLImageElement;
    expect(preview.src.startsWith("data:image/png;base64,")).toBe(true);
    await submit();
    await waitFor(() => expect(sent("POST", "/api/admin/create-puzzle")).toHaveLength(1));
    expect(sent("POST", "/api/admin/create-puzzle")[0]?.body).toMatchObject({
      imageUrl: expect.stringMatching(/^data:image\/png;base64,/),
    });
  });
});
