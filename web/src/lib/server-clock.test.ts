import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteServerDate, resetServerClockForTests, serverNow, serverOffset, useServerNow } from "./server-clock";

const HOUR = 3_600_000;

describe("the server's clock", () => {
  beforeEach(() => resetServerClockForTests());
  afterEach(() => vi.useRealTimers());

  it("reads the offset of a device clock 3 hours fast from an answer's Date header", () => {
    const server = Date.parse("2026-11-23T01:00:00.000Z");
    const device = server + 3 * HOUR;
    noteServerDate(new Date(server).toUTCString(), device - 40, device + 40);
    expect(Math.abs(serverOffset() + 3 * HOUR)).toBeLessThanOrEqual(540);
  });

  it("narrows the offset with later answers, the quickest deciding", () => {
    const skew = -2 * HOUR + 300; // the server 2 hours behind, plus 300 ms
    // Answers stamped at different points of the server's second bound the offset from both sides.
    for (const deviceAt of [1_000_000_050, 1_000_001_500, 1_000_002_900, 1_000_003_020]) {
      const serverAt = deviceAt + skew;
      const header = new Date(Math.floor(serverAt / 1000) * 1000).toUTCString();
      noteServerDate(header, deviceAt - 5, deviceAt + 5);
    }
    expect(Math.abs(serverOffset() - skew)).toBeLessThanOrEqual(60);
  });

  it("starts afresh when the device's clock is changed", () => {
    noteServerDate(new Date(1_000_000_000).toUTCString(), 1_000_000_000, 1_000_000_020);
    noteServerDate(new Date(1_000_010_000).toUTCString(), 1_000_010_000 + HOUR, 1_000_010_020 + HOUR);
    expect(Math.abs(serverOffset() + HOUR)).toBeLessThanOrEqual(1000);
  });

  it("ignores an answer without a Date header", () => {
    noteServerDate(null, 0, 10);
    expect(serverOffset()).toBe(0);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });

  it("moves every countdown at once when the offset is learnt", () => {
    const { result } = renderHook(() => useServerNow(1000));
    const before = result.current;
    const device = Date.now();
    act(() => noteServerDate(new Date(device - 3 * HOUR).toUTCString(), device - 10, device + 10));
    expect(before - result.current).toBeGreaterThan(3 * HOUR - 2000);
  });
});
