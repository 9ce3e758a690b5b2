import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useGlitch } from "./use-glitch";

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query.includes("reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

describe("the glitch banner effect", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("glitches for one second every thirty seconds", () => {
    mockReducedMotion(false);
    const { result } = renderHook(() => useGlitch());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current).toBe(true);
  });

  it("stays still for members who prefer reduced motion", () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useGlitch());
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current).toBe(false);
  });
});
