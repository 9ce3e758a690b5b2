import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Dialog } from "../dialog";
import { resetToasts, toast, useToastStore } from "./toast-store";
import { Toaster } from "./toaster";

describe("Toaster", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    resetToasts();
  });

  it("shows the title and message inside the 'Notifications (F8)' region", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Access Denied", description: "Invalid or expired code", variant: "destructive" });
    });
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(region.textContent).toContain("Access Denied");
    expect(screen.getByRole("alert").textContent).toContain("Invalid or expired code");
  });

  it("shows its toasts inside an open modal dialog, so they stand above it and can be clicked", () => {
    const { rerender } = render(
      <>
        <Dialog open onOpenChange={() => {}} title="The Bidding Hall is Sealed" />
        <Toaster />
      </>,
    );
    act(() => {
      toast({ title: "Incorrect password. Access denied.", variant: "destructive" });
    });
    const dialog = screen.getByRole("dialog", { hidden: true });
    const region = screen.getByRole("region", { name: "Notifications (F8)", hidden: true });
    expect(dialog.contains(region)).toBe(true);

    rerender(
      <>
        <Dialog open={false} onOpenChange={() => {}} title="The Bidding Hall is Sealed" />
        <Toaster />
      </>,
    );
    expect(dialog.contains(screen.getByRole("region", { name: "Notifications (F8)" }))).toBe(false);
  });

  it("moves focus to the region on F8", () => {
    render(<Toaster />);
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Notifications (F8)" }));
  });

  it("is dismissed by a swipe right of at least 50 px, not by a shorter one", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Code Sent" });
    });
    const card = screen.getByRole("status");

    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 140, pointerId: 1 });
    expect(useToastStore.getState().current?.title).toBe("Code Sent");

    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 155, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 155, pointerId: 1 });
    expect(useToastStore.getState().current).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("closes from its dismiss button", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Code Sent" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(useToastStore.getState().current).toBeNull();
  });
});
