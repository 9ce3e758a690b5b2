import type { LotAnswer } from "@bm/shared";
import { type PointerEvent, useId, useRef, useState } from "react";
import { cn } from "../../../lib/cn";
import { useMediaQuery } from "../../../lib/use-media-query";
import { canScroll, carouselWindow, stepCarousel } from "../lib/carousel";
import { LotCard } from "./lot-card";

/** Three lots at a time on wide screens, two on tablets, one on phones. */
function useLotsPerView(): number {
  const wide = useMediaQuery("(min-width: 1024px)");
  const medium = useMediaQuery("(min-width: 640px)");
  return wide ? 3 : medium ? 2 : 1;
}

const SWIPE_PX = 50;

interface LotCarouselProps {
  /** The night's label, e.g. "Sunday · Nov 22" (formatDayLabel of its lots' opening). */
  day: string;
  /** A line under the label, if any. */
  dateLine: string | null;
  lots: LotAnswer[];
}

/** One day's lots, a few at a time, wrapping around at either end. */
export function LotCarousel({ day, dateLine, lots }: LotCarouselProps) {
  const perView = useLotsPerView();
  const [start, setStart] = useState(0);
  const headingId = useId();
  const scrollable = canScroll(lots.length, perView);
  const shown = carouselWindow(lots.length, scrollable ? start : 0, perView);
  const swipeFrom = useRef<number | null>(null);

  const step = (delta: number) => setStart((s) => stepCarousel(s, delta, lots.length));

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const dx = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (scrollable && Math.abs(dx) >= SWIPE_PX) step(dx < 0 ? 1 : -1);
  };

  const first = shown[0] ?? 0;
  const last = shown.at(-1) ?? 0;

  return (
    <section aria-labelledby={headingId} aria-roledescription="carousel" className="relative">
      <div className="mb-4 flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={headingId}
            className="flex flex-wrap items-baseline gap-x-3 text-lg tracking-[0.1em] sm:text-2xl sm:tracking-[0.14em]"
          >
            {day}
            <span className="font-serif text-base font-normal tracking-normal text-bone-faint italic">
              {lots.length === 1 ? "1 lot" : `${lots.length} lots`}
            </span>
          </h3>
          {dateLine && (
            <p className="font-display text-[0.75rem] tracking-[0.3em] text-gold-dim uppercase">{dateLine}</p>
          )}
        </div>
        {scrollable && (
          <div className="flex shrink-0 gap-2">
            <ArrowButton direction="prev" label={`Previous ${day} lots`} onClick={() => step(-1)} />
            <ArrowButton direction="next" label={`Next ${day} lots`} onClick={() => step(1)} />
          </div>
        )}
      </div>

      <ul
        aria-label={`${day} lots`}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
        className="grid touch-pan-y gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {shown.map((index) => {
          const lot = lots[index];
          if (!lot) return null;
          return (
            <li key={lot.id} className="fade-in min-w-0">
              <LotCard lot={lot} />
            </li>
          );
        })}
      </ul>

      {scrollable && (
        <div className="mt-4 flex items-center justify-center gap-2">
          <p className="sr-only" aria-live="polite">
            Showing lots {first + 1} to {last + 1} of {lots.length}
          </p>
          {lots.map((lot, index) => (
            <span
              key={lot.id}
              aria-hidden="true"
              className={cn(
                "h-1.5 w-1.5 rotate-45 transition-colors duration-300",
                shown.includes(index) ? "bg-gold-bright shadow-[0_0_6px_rgb(232_201_135/0.6)]" : "bg-gold/25",
              )}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function ArrowButton({
  direction,
  label,
  onClick,
}: {
  direction: "prev" | "next";
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex h-10 w-10 items-center justify-center border border-gold/35 bg-ink-950/60 text-gold transition-colors hover:border-gold-bright hover:bg-gold/10 hover:text-gold-bright"
    >
      <svg
        viewBox="0 0 16 16"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        aria-hidden="true"
      >
        <path d={direction === "prev" ? "M10 3 L5 8 L10 13" : "M6 3 L11 8 L6 13"} strokeLinecap="round" />
      </svg>
    </button>
  );
}
