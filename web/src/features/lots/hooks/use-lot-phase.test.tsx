import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lot } from "../testing/lot-fixture";
import { nextPhaseChange, useLotPhase } from "./use-lot-phase";

const at = (iso: string) => Date.parse(iso);

/** Records the phase at each of its renders. */
function Probe({ shown, phases }: { shown: ReturnType<typeof lot>; phases: string[] }) {
  phases.push(useLotPhase(shown));
  return null;
}

describe("the lot's phase by the server's clock", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("next changes at the opening, then at the close; after that only news can change it", () => {
    const shown = lot({ opensAt: "2025-11-28T14:00:00.000Z", closesAt: "2025-11-29T01:00:00.000Z" });
    expect(nextPhaseChange(shown, at("2025-11-28T13:00:00.000Z"))).toBe(at("2025-11-28T14:00:00.000Z"));
    expect(nextPhaseChange(shown, at("2025-11-28T20:00:00.000Z"))).toBe(at("2025-11-29T01:00:00.000Z"));
    expect(nextPhaseChange(shown, at("2025-11-29T02:00:00.000Z"))).toBeNull();
    expect(nextPhaseChange({ ...shown, isClosed: true }, at("2025-11-28T20:00:00.000Z"))).toBeNull();
    expect(
      nextPhaseChange({ ...shown, pausedAt: "2025-11-28T19:00:00.000Z" }, at("2025-11-28T20:00:00.000Z")),
    ).toBeNull();
  });

  it("renders the page again when the lot closes, not every second before", () => {
    vi.useFakeTimers();
    vi.setSystemTime(at("2025-11-29T00:59:50.000Z"));
    const shown = lot({ closesAt: "2025-11-29T01:00:00.000Z" });
    const phases: string[] = [];
    render(<Probe shown={shown} phases={phases} />);
    expect(phases).toEqual(["open"]);
    act(() => vi.advanceTimersByTime(9_000));
    expect(phases).toEqual(["open"]);
    act(() => vi.advanceTimersByTime(1_100));
    expect(phases).toEqual(["open", "sealing"]);
  });
});
