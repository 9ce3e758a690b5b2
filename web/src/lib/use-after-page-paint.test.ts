// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterPagePaint } from "./use-after-page-paint";

function container(): HTMLElement {
  document.body.innerHTML = `<div id="main-content"><div role="status">Loading…</div></div>`;
  return document.getElementById("main-content") as HTMLElement;
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("what waits for a member's page to be on screen (the live connection, the cart)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits through the loading state and starts once the page's <main> is there", async () => {
    const box = container();
    const run = vi.fn();
    afterPagePaint(box, run);
    await flush();
    expect(run).not.toHaveBeenCalled();
    box.innerHTML = "<main><h1>The Sanctum</h1></main>";
    await flush();
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("waits while the page's <main> says it is loading its content (aria-busy)", async () => {
    const box = container();
    box.innerHTML = '<main aria-busy="true"><div role="status">Consulting the calendar...</div></main>';
    const run = vi.fn();
    afterPagePaint(box, run);
    await flush();
    expect(run).not.toHaveBeenCalled();
    box.querySelector("main")?.setAttribute("aria-busy", "false");
    await flush();
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("waits for the page's main picture to be decoded", async () => {
    const box = container();
    box.innerHTML = '<main><img fetchpriority="high" src="/api/challenges/media/tarot.svg" alt=""></main>';
    const picture = box.querySelector("img") as HTMLImageElement;
    let decoded: () => void = () => {};
    picture.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const run = vi.fn();
    afterPagePaint(box, run);
    await flush();
    await flush();
    expect(run).not.toHaveBeenCalled();
    decoded();
    await flush();
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("starts at once when the page is already there", async () => {
    const box = container();
    box.innerHTML = "<main></main>";
    const run = vi.fn();
    afterPagePaint(box, run);
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("starts after 3 s whatever happens, and never when cancelled", () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterPagePaint(container(), run);
    vi.advanceTimersByTime(2999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterPagePaint(container(), cancelled);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("in frame mode starts after the frame with the page is drawn, not at the next idle time", async () => {
    const box = container();
    const run = vi.fn();
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    try {
      afterPagePaint(box, run, "frame");
      box.innerHTML = "<main><h1>The Sanctum</h1></main>";
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      await flush();
      expect(run).toHaveBeenCalledTimes(1);
      expect(idle).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
