import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Place Bid
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Confirm Your Bid">
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  afterEach(() => cleanup());

  it("gives the focus back to the control that opened it when it closes", async () => {
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Place Bid" });
    opener.focus();
    fireEvent.click(opener);
    const cancel = screen.getByRole("button", { name: "Cancel", hidden: true });
    cancel.focus();
    expect(document.activeElement).toBe(cancel);

    await act(async () => {
      fireEvent.click(cancel);
    });
    expect(document.activeElement).toBe(opener);
  });
});
