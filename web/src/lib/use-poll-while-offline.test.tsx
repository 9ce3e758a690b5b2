import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSocketStore } from "./socket";
import { usePollWhileOffline } from "./use-poll-while-offline";

describe("socket or polling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useSocketStore.setState({ status: "idle" });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("polls every interval while the socket is not connected", () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => usePollWhileOffline(refresh, 5000));
    expect(result.current).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("stops polling while connected, and resumes when the connection drops", () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => usePollWhileOffline(refresh, 5000));
    act(() => useSocketStore.setState({ status: "connected" }));
    expect(result.current).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(refresh).not.toHaveBeenCalled();

    act(() => useSocketStore.setState({ status: "reconnecting" }));
    expect(result.current).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("does not poll when disabled (nothing to refresh yet)", () => {
    const refresh = vi.fn();
    renderHook(() => usePollWhileOffline(refresh, 5000, false));
    vi.advanceTimersByTime(20_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("always calls the latest callback", () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ cb }) => usePollWhileOffline(cb, 5000), { initialProps: { cb: first } });
    rerender({ cb: second });
    vi.advanceTimersByTime(5000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
