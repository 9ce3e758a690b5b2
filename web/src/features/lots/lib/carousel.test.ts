import { describe, expect, it } from "vitest";
import { canScroll, carouselWindow, stepCarousel } from "./carousel";

describe("carousel", () => {
  it("shows three lots at a time from the start index", () => {
    expect(carouselWindow(8, 0, 3)).toEqual([0, 1, 2]);
    expect(carouselWindow(8, 4, 3)).toEqual([4, 5, 6]);
  });

  it("wraps around the end so the window is always full", () => {
    expect(carouselWindow(8, 6, 3)).toEqual([6, 7, 0]);
    expect(carouselWindow(8, 7, 3)).toEqual([7, 0, 1]);
  });

  it("steps forward past the last lot to the first, and back past the first to the last", () => {
    expect(stepCarousel(7, 1, 8)).toBe(0);
    expect(stepCarousel(0, -1, 8)).toBe(7);
    expect(stepCarousel(3, 1, 8)).toBe(4);
    expect(carouselWindow(8, stepCarousel(0, -1, 8), 3)).toEqual([7, 0, 1]);
  });

  it("shows one at a time on phones", () => {
    expect(carouselWindow(7, 6, 1)).toEqual([6]);
    expect(carouselWindow(7, stepCarousel(6, 1, 7), 1)).toEqual([0]);
  });

  it("shows every lot, without navigation, when they all fit", () => {
    expect(carouselWindow(2, 1, 3)).toEqual([0, 1]);
    expect(canScroll(2, 3)).toBe(false);
    expect(canScroll(3, 3)).toBe(false);
    expect(canScroll(4, 3)).toBe(true);
    expect(carouselWindow(0, 0, 3)).toEqual([]);
  });
});
