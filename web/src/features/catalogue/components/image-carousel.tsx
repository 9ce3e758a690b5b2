import { type KeyboardEvent, useState } from "react";
import { ArtImage } from "../../../components/ui/art-image";
import { cn } from "../../../lib/cn";

const ARROW =
  "absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full border border-gold/50 bg-ink-950/80 font-display text-2xl leading-none text-gold-bright transition-colors hover:bg-ink-900";

interface ImageCarouselProps {
  images: string[];
  title: string;
}

/**
 * A product's pictures, one at a time: previous and next buttons (labelled), a dot per picture,
 * arrow keys while focus is inside. A product with one picture shows it without controls.
 */
export function ImageCarousel({ images, title }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, Math.max(0, count - 1))] ?? null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (count < 2) return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Pictures of ${title}`}
      className="relative"
      onKeyDown={onKeyDown}
    >
      <div aria-live="polite" aria-atomic="true">
        <ArtImage
          src={current}
          alt={count > 1 ? `${title}, picture ${index + 1} of ${count}` : title}
          className="aspect-square w-full"
          imgClassName="h-full w-full object-contain"
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={`Previous picture of ${title}`}
            className={cn(ARROW, "left-2")}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={`Next picture of ${title}`}
            className={cn(ARROW, "right-2")}
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="absolute inset-x-0 bottom-1 flex justify-center gap-1">
            {images.map((src, i) => (
              <button
                key={src}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                className="flex h-8 w-8 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "h-2 w-2 rounded-full border border-gold/70",
                    i === index ? "bg-gold-bright" : "bg-ink-950/70",
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
