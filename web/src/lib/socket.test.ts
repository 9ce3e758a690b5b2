import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AppSocket, useSocketStore, watchRoom } from "./socket";
import {
  connectSocket,
  disconnectSocket,
  pauseLive,
  resetSocketForTests,
  resumeLive,
  setSocketFactoryForTests,
} from "./socket-connection";

/** Just enough of a Socket.IO client to drive the connection logic by hand. */
class FakeSocket {
  connected = false;
  active = false;
  connects = 0;
  emitted: Array<[string, unknown]> = [];
  private handlers = new Map<string, Array<(...args: unknown[]) => void>>();

  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  connect() {
    this.active = true;
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    this.fire("disconnect", "io client disconnect");
    return this;
  }
  /** The server accepted the handshake. */
  accept() {
    this.connected = true;
    this.fire("connect");
  }
  /** The network dropped; Socket.IO will retry by itself. */
  drop() {
    this.connected = false;
    this.fire("disconnect", "transport close");
  }
  /** The server refused the handshake (no session): Socket.IO gives up. */
  refuse() {
    this.active = false;
    this.fire("connect_error", new Error("unauthorized"));
  }
  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

let fake: FakeSocket;
const status = () => useSocketStore.getState().status;

function lotWatch(lotNumber: number) {
  return {
    join: (s: AppSocket) => s.emit("lot:watch", { lotNumber }),
    leave: (s: AppSocket) => s.emit("lot:unwatch", { lotNumber }),
  };
}

describe("the shared socket", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetSocketForTests();
    fake = new FakeSocket();
    setSocketFactoryForTests(() => fake as unknown as AppSocket);
  });
  afterEach(() => {
    resetSocketForTests();
    setSocketFactoryForTests(null);
    vi.useRealTimers();
  });

  it("connects when asked and reports the state", () => {
    expect(status()).toBe("idle");
    connectSocket();
    expect(fake.connects).toBe(1);
    expect(status()).toBe("connecting");
    fake.accept();
    expect(status()).toBe("connected");
    disconnectSocket();
    expect(status()).toBe("idle");
  });

  it("joins watched rooms on connect and joins them again after a reconnect", () => {
    const release = watchRoom("lot:7", lotWatch(7));
    connectSocket();
    expect(fake.emitted).toEqual([]);
    fake.accept();
    expect(fake.emitted).toEqual([["lot:watch", { lotNumber: 7 }]]);

    fake.drop();
    expect(status()).toBe("reconnecting");
    fake.accept();
    expect(fake.emitted).toEqual([
      ["lot:watch", { lotNumber: 7 }],
      ["lot:watch", { lotNumber: 7 }],
    ]);
    release();
    expect(fake.emitted.at(-1)).toEqual(["lot:unwatch", { lotNumber: 7 }]);
  });

  it("polls while the node says it hears no other process, and watches every room again when it hears", () => {
    const release = watchRoom("lot:7", lotWatch(7));
    connectSocket();
    fake.accept();
    pauseLive();
    expect(status()).toBe("paused");
    expect(fake.emitted).toEqual([["lot:watch", { lotNumber: 7 }]]);
    resumeLive();
    expect(status()).toBe("connected");
    expect(fake.emitted).toEqual([
      ["lot:watch", { lotNumber: 7 }],
      ["lot:watch", { lotNumber: 7 }],
    ]);
    // A word from a node the page is no longer connected to changes nothing.
    fake.drop();
    pauseLive();
    resumeLive();
    expect(status()).toBe("reconnecting");
    expect(fake.emitted).toHaveLength(2);
    release();
  });

  it("joins a room once however many components watch it, and leaves with the last one", () => {
    connectSocket();
    fake.accept();
    const first = watchRoom("lot:7", lotWatch(7));
    const second = watchRoom("lot:7", lotWatch(7));
    expect(fake.emitted).toEqual([["lot:watch", { lotNumber: 7 }]]);
    first();
    first();
    expect(fake.emitted).toHaveLength(1);
    second();
    expect(fake.emitted).toEqual([
      ["lot:watch", { lotNumber: 7 }],
      ["lot:unwatch", { lotNumber: 7 }],
    ]);
  });

  it("tries again, backing off, when the server refuses the handshake", () => {
    connectSocket();
    fake.refuse();
    expect(status()).toBe("reconnecting");
    vi.advanceTimersByTime(999);
    expect(fake.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(fake.connects).toBe(2);
    fake.refuse();
    vi.advanceTimersByTime(1999);
    expect(fake.connects).toBe(2);
    vi.advanceTimersByTime(1);
    expect(fake.connects).toBe(3);
  });

  it("stops trying once the member signs out", () => {
    connectSocket();
    fake.refuse();
    disconnectSocket();
    vi.advanceTimersByTime(60_000);
    expect(fake.connects).toBe(1);
    expect(status()).toBe("idle");
  });
});
