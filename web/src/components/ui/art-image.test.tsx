import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArtImage } from "./art-image";

/** An IntersectionObserver the test drives: `enter()` tells every observer its element came near. */
function stubObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
  class Stub {
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal("IntersectionObserver", Stub);
  return {
    observers,
    enter: () =>
      act(() => {
        for (const { callback } of observers)
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
  };
}

describe("ArtImage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks for a list's picture only once it comes near the viewport, a screen ahead", () => {
    const io = stubObserver();
    const { container } = render(<ArtImage whenNear src="/api/challenges/media/tarot.svg" alt="" />);
    expect(container.querySelector("img")).toBeNull();
    expect(io.observers[0]?.options?.rootMargin).toBe("600px 0px");
    io.enter();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/api/challenges/media/tarot.svg");
  });

  it("names a waiting picture that has a name", () => {
    stubObserver();
    const { getByRole } = render(<ArtImage whenNear src="/art/lots/tarot.svg" alt="The Tarot of Ash" />);
    expect(getByRole("img", { name: "The Tarot of Ash" }).tagName).toBe("SPAN");
  });

  it("never waits with the page's main picture, which is drawn with its frame", () => {
    const io = stubObserver();
    const { container } = render(<ArtImage whenNear priority src="/art/lots/tarot.svg" alt="" />);
    const img = container.querySelector("img");
    expect(img?.getAttribute("fetchpriority")).toBe("high");
    expect(img?.getAttribute("decoding")).toBe("sync");
    expect(img?.getAttribute("elementtiming")).toBe("main-picture");
    expect(io.observers).toHaveLength(0);
  });

  it("without whenNear, leaves the picture to the browser's own lazy loading", () => {
    const io = stubObserver();
    const { container } = render(<ArtImage src="/art/lots/tarot.svg" alt="" />);
    expect(container.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    expect(container.querySelector("img")?.getAttribute("decoding")).toBe("async");
    expect(io.observers).toHaveLength(0);
  });
});
