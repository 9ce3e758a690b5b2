import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { type AppSocket, attachSocket, resetRoomsForTests } from "../../../lib/socket";
import { challengeKeys } from "../api/challenge-cache";
import { day } from "../testing/challenge-fixture";
import { useChallengeRoom } from "./use-challenge-room";

function Watcher() {
  useChallengeRoom();
  return null;
}

describe("the challenges room", () => {
  afterEach(() => {
    cleanup();
    resetRoomsForTests();
  });

  it("joins while the page is open, re-reads the day once the join is acknowledged, and leaves", () => {
    const emit = vi.fn();
    attachSocket({ connected: true, emit } as unknown as AppSocket);
    const client = createQueryClient();
    client.setQueryData(challengeKeys.day(null), day());
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <Watcher />
      </QueryClientProvider>,
    );
    expect(emit).toHaveBeenCalledWith("challenges:watch", {}, expect.any(Function));
    expect(client.getQueryState(challengeKeys.day(null))?.isInvalidated).toBe(false);

    const ack = emit.mock.calls[0]?.[2] as (answer: unknown) => void;
    ack({ ok: true, snapshot: { serverTime: new Date().toISOString() } });
    expect(client.getQueryState(challengeKeys.day(null))?.isInvalidated).toBe(true);

    unmount();
    expect(emit).toHaveBeenLastCalledWith("challenges:unwatch", {});
  });
});
