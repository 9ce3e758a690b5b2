import { TOAST_DURATION_MS } from "@bm/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, dismissToastsNotAbout, resetToasts, toast, useToastStore } from "./toast-store";

const current = () => useToastStore.getState().current;

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it("shows a toast with its title, message and variant", () => {
    toast({ title: "Invalid Email", description: "Please enter a valid email address", variant: "destructive" });
    expect(current()).toMatchObject({
      title: "Invalid Email",
      description: "Please enter a valid email address",
      variant: "destructive",
    });
  });

  it("dismisses a toast about a page once the member is on another page, and keeps the others", () => {
    window.history.replaceState(null, "", "/lot/7");
    toast({ title: "Invalid Bid", variant: "destructive", aboutPage: true });
    dismissToastsNotAbout("/lot/7");
    expect(current()?.title).toBe("Invalid Bid");
    dismissToastsNotAbout("/auctions");
    expect(current()).toBeNull();

    toast({ title: "Victory!" });
    dismissToastsNotAbout("/sanctum");
    expect(current()?.title).toBe("Victory!");
  });

  it("uses the default variant when none is given", () => {
    toast({ title: "Code Sent" });
    expect(current()?.variant).toBe("default");
  });

  it(`disappears after ${TOAST_DURATION_MS} ms`, () => {
    toast({ title: "Code Sent" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(current()?.title).toBe("Code Sent");
    vi.advanceTimersByTime(1);
    expect(current()).toBeNull();
  });

  it("shows only one toast at a time: a new one replaces the current", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    expect(current()?.title).toBe("Second");
    expect(useToastStore.getState()).toEqual({ current: expect.objectContaining({ title: "Second" }) });
  });

  it("gives the replacing toast its own full 5 seconds", () => {
    toast({ title: "First" });
    vi.advanceTimersByTime(3000);
    toast({ title: "Second" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(current()?.title).toBe("Second");
    vi.advanceTimersByTime(1);
    expect(current()).toBeNull();
  });

  it("dismisses on demand, and ignores a dismiss for a toast already replaced", () => {
    const first = toast({ title: "First" });
    const second = toast({ title: "Second" });
    dismissToast(first);
    expect(current()?.id).toBe(second);
    dismissToast(second);
    expect(current()).toBeNull();
  });
});
