/**
 * A wrap-around carousel: `start` is the index of the first visible item. Moving past either end
 * wraps to the other; all items show when there are no more than fit.
 */
export function carouselWindow(count: number, start: number, perView: number): number[] {
  if (count <= 0) return [];
  if (count <= perView) return Array.from({ length: count }, (_, i) => i);
  const shown = Math.max(1, perView);
  const first = ((start % count) + count) % count;
  return Array.from({ length: shown }, (_, i) => (first + i) % count);
}

export function stepCarousel(start: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((start + delta) % count) + count) % count;
}

/** Whether prev/next mean anything: only when some items are out of view. */
export function canScroll(count: number, perView: number): boolean {
  return count > perView;
}
