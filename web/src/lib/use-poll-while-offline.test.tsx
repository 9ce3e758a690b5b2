import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useSocketStore } from "./socket";
import { usePollInterval } from "./use-poll-while-offline";

describe("socket or polling", () => {
  beforeEach(() => {
    useSocketStore.setState({ status: "idle" });
  });

  it("polls every interval while the socket is not connected", () => {
    const { result } = renderHook(() => usePollInterval(5000));
    expect(result.current).toBe(5000);
  });

  it("stops polling while connected, and resumes when the connection drops", () => {
    const { result } = renderHook(() => usePollInterval(5000));
    act(() => useSocketStore.setState({ status: "connected" }));
    expect(result.current).toBe(false);
    act(() => useSocketStore.setState({ status: "reconnecting" }));
    expect(result.current).toBe(5000);
  });

  it("does not poll when disabled (nothing to refresh yet)", () => {
    const { result } = renderHook(() => usePollInterval(5000, false));
    expect(result.current).toBe(false);
  });
});
