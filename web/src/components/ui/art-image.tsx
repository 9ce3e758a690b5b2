import { useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { useNearViewport } from "../../lib/use-near-viewport";
import { Sigil } from "./sigil";

interface ArtImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Classes of the image itself (object-fit and the like). */
  imgClassName?: string;
  /** Shown engraved in the fallback plate, e.g. "Lot VII". */
  caption?: string;
  loading?: "lazy" | "eager";
  /** The page's main picture (its likely LCP): fetched first, ahead of scripts and other images. */
  priority?: boolean;
  /**
   * A picture of a long list below the page's first screen: asked for only once it comes within
   * about a screen of the viewport (the velvet ground shows until then).
   */
  whenNear?: boolean;
}

/**
 * An artifact's picture on a dark velvet ground. When there is no picture, or it fails to load,
 * a themed plate stands in: the House sigil under a faint halo, never a broken image.
 */
export function ArtImage({
  src,
  alt,
  className,
  imgClassName,
  caption,
  loading = "lazy",
  priority = false,
  whenNear = false,
}: ArtImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame, whenNear && !priority);
  const failed = !src || failedSrc === src;

  return (
    <div
      ref={frame}
      className={cn(
        "relative overflow-hidden bg-[radial-gradient(ellipse_at_50%_35%,rgb(74_12_17/0.55),rgb(10_7_8)_70%)]",
        className,
      )}
    >
      {failed ? (
        <div
          {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
          className="flex h-full w-full flex-col items-center justify-center gap-3 p-4"
        >
          <span
            aria-hidden="true"
            className="absolute inset-3 border border-gold/15 [mask-image:radial-gradient(ellipse,black_60%,transparent)]"
          />
          <Sigil className="h-1/3 max-h-28 w-1/3 max-w-28 opacity-40" />
          {caption && (
            <span className="font-display text-[0.75rem] tracking-[0.4em] text-gold-dim uppercase">{caption}</span>
          )}
        </div>
      ) : !near ? (
        // Not asked for yet: its name is there for a screen reader all the same.
        alt ? (
          <span role="img" aria-label={alt} className="block h-full w-full" />
        ) : null
      ) : (
        <img
          src={src}
          alt={alt}
          loading={priority ? "eager" : loading}
          fetchPriority={priority ? "high" : undefined}
          // The page's main picture is drawn with the frame that shows it (its bytes came first);
          // others may come a frame later rather than hold the page's paint.
          decoding={priority ? "sync" : "async"}
          // Tells afterPagePaint when the main picture is on screen (Element Timing).
          elementtiming={priority ? "main-picture" : undefined}
          onError={() => setFailedSrc(src)}
          className={cn("h-full w-full object-contain", imgClassName)}
        />
      )}
      <span
        aria-hidden="true"
        // A vignette that scales with the frame: a fixed inset shadow would swallow a thumbnail whole.
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_58%,rgb(0_0_0/0.7))]"
      />
    </div>
  );
}
