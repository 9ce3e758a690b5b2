import { CONFESSION_MAX_LENGTH } from "@bm/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AnswerForm } from "./answer-form";

describe("the confession's form", () => {
  afterEach(() => cleanup());

  it("is a textarea with a character counter, capped at the limit, sending the trimmed confession", () => {
    const onSubmit = vi.fn();
    render(<AnswerForm type="task" answerKind="confession" pending={false} error={null} onSubmit={onSubmit} />);
    const field = screen.getByLabelText("Your confession") as HTMLTextAreaElement;
    expect(field.tagName).toBe("TEXTAREA");
    expect(field.maxLength).toBe(CONFESSION_MAX_LENGTH);
    expect(screen.getByText(`0 / ${CONFESSION_MAX_LENGTH}`)).toBeTruthy();
    const submit = screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: "   " } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(field, { target: { value: "  I lied.  " } });
    expect(screen.getByText(`11 / ${CONFESSION_MAX_LENGTH}`)).toBeTruthy();
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ confession: "I lied." });
  });
});
