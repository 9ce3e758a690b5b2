import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { challengeKeys } from "../../../api/challenge-cache";
import { createQueryClient } from "../../../lib/query-client";
import { noteServerDate, resetServerClockForTests } from "../../../lib/server-clock";
import { type AppSocket, attachSocket, resetRoomsForTests } from "../../../lib/socket";
import { day } from "../../../testing/challenge-fixture";
import { READ_SLACK_MS, useChallengeRoom } from "./use-challenge-room";

function Watcher() {
  useChallengeRoom();
  return null;
}

/** Mounts the room's watch over a cache holding today's day, read at `readAt` (device ms). */
function joined(readAt: number) {
  const emit = vi.fn();
  attachSocket({ connected: true, emit } as unknown as AppSocket);
  const client = createQueryClient();
  client.setQueryData(challengeKeys.day(null), day(), { updatedAt: readAt });
  const view = render(
    <QueryClientProvider client={client}>
      <Watcher />
    </QueryClientProvider>,
  );
  expect(emit).toHaveBeenCalledWith("challenges:watch", {}, expect.any(Function));
  const ack = emit.mock.calls[0]?.[2] as (answer: unknown) => void;
  const stale = () => client.getQueryState(challengeKeys.day(null))?.isInvalidated;
  return { emit, ack, stale, view };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe("the challenges room", () => {
  afterEach(() => {
    cleanup();
    resetRoomsForTests();
    resetServerClockForTests();
  });

  it("joins while the page is open, keeps a day read after the room's last change, and leaves", () => {
    const readAt = Date.now();
    const { emit, ack, stale, view } = joined(readAt);
    expect(stale()).toBe(false);
    // The room last changed a minute before the read: the day already holds it.
    ack({ ok: true, snapshot: { serverTime: iso(readAt + 1000), changedAt: iso(readAt - 60_000) } });
    expect(stale()).toBe(false);
    view.unmount();
    expect(emit).toHaveBeenLastCalledWith("challenges:unwatch", {});
  });

  it("re-reads a day read before the room's last change", () => {
    const readAt = Date.now() - 5000;
    const { ack, stale } = joined(readAt);
    ack({ ok: true, snapshot: { serverTime: iso(Date.now()), changedAt: iso(readAt + 2000) } });
    expect(stale()).toBe(true);
  });

  it("re-reads a day read within the slack after the change, which it may not hold", () => {
    const readAt = Date.now();
    const { ack, stale } = joined(readAt);
    ack({ ok: true, snapshot: { serverTime: iso(readAt), changedAt: iso(readAt - READ_SLACK_MS + 1000) } });
    expect(stale()).toBe(true);
  });

  it("compares by the server's clock, not the device's", () => {
    // The device runs an hour behind the server: its read at `readAt` was at readAt + 1 h there.
    const hour = 3_600_000;
    noteServerDate(new Date(Date.now() + hour).toUTCString(), Date.now() - 10, Date.now() + 10);
    const readAt = Date.now();
    const { ack, stale } = joined(readAt);
    // A change ten minutes after the read by the device's clock is 50 minutes before it by the server's.
    ack({ ok: true, snapshot: { serverTime: iso(readAt + hour), changedAt: iso(readAt + 600_000) } });
    expect(stale()).toBe(false);
  });

  it("re-reads everything when the acknowledgement does not say when the room changed", () => {
    const { ack, stale } = joined(Date.now());
    ack({ ok: true, snapshot: { serverTime: iso(Date.now()) } });
    expect(stale()).toBe(true);
  });

  it("re-reads nothing on a refused join", () => {
    const { ack, stale } = joined(Date.now() - 60_000);
    ack({ ok: false, message: "Unavailable" });
    expect(stale()).toBe(false);
  });
});
