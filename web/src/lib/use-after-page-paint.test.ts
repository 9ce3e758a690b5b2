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

  it("where the browser tells (Element Timing), waits for the main picture to be drawn", async () => {
    const box = container();
    box.innerHTML =
      '<main><img fetchpriority="high" elementtiming="main-picture" src="/api/challenges/media/tarot.svg" alt=""></main>';
    const picture = box.querySelector("img") as HTMLImageElement;
    picture.decode = () => Promise.resolve();
    // On the first screen (jsdom lays nothing out).
    picture.getBoundingClientRect = () => ({ top: 100, bottom: 400, width: 300, height: 300 }) as DOMRect;
    let report: (element: Element) => void = () => {};
    class Observer {
      static supportedEntryTypes = ["element", "largest-contentful-paint"];
      constructor(callback: (list: { getEntries(): unknown[] }) => void) {
        report = (element) => callback({ getEntries: () => [{ element }] });
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "element", buffered: true });
      }
      disconnect() {}
    }
    vi.stubGlobal("PerformanceObserver", Observer);
    const run = vi.fn();
    afterPagePaint(box, run);
    await flush();
    await flush();
    expect(run).not.toHaveBeenCalled();
    // Another element's paint is not the picture's.
    report(document.createElement("img"));
    await flush();
    await flush();
    expect(run).not.toHaveBeenCalled();
    report(picture);
    await flush();
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("does not wait for a main picture below the first screen, which is not drawn until scrolled to", async () => {
    const box = container();
    box.innerHTML =
      '<main><img fetchpriority="high" elementtiming="main-picture" src="/art/lots/vial.svg" alt=""></main>';
    const picture = box.querySelector("img") as HTMLImageElement;
    picture.decode = () => Promise.resolve();
    picture.getBoundingClientRect = () =>
      ({ top: window.innerHeight + 40, bottom: window.innerHeight + 340, width: 300, height: 300 }) as DOMRect;
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        static supportedEntryTypes = ["element"];
        observe() {}
        disconnect() {}
      },
    );
    const run = vi.fn();
    afterPagePaint(box, run);
    for (let i = 0; i < 4; i++) await flush();
    expect(run).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
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
