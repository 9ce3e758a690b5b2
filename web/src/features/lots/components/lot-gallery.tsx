import { memo, useState } from "react";
import { ArtImage } from "../../../components/ui/art-image";
import { cn } from "../../../lib/cn";

interface LotGalleryProps {
  title: string;
  imageUrl: string | null;
  imageUrls: string[];
  caption: string;
}

/** The lot's pictures: one large, the others as thumbnails beneath. */
function LotGalleryView({ title, imageUrl, imageUrls, caption }: LotGalleryProps) {
  const images = imageUrls.length > 0 ? imageUrls : imageUrl ? [imageUrl] : [];
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)] ?? null;

  return (
    <div className="flex flex-col gap-2 sm:gap-3">
      <div className="panel p-2">
        <span className="panel-corners z-10" aria-hidden="true" />
        <ArtImage
          src={current}
          alt={images.length > 1 ? `${title}, image ${index + 1} of ${images.length}` : title}
          caption={caption}
          priority
          // Capped on a phone: a square as wide as the screen would be taller than the form it follows.
          className="h-[45dvh] w-full sm:aspect-square sm:h-auto"
          imgClassName="p-2 sm:p-8"
        />
      </div>
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="Images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  "block h-14 w-14 border transition-colors sm:h-20 sm:w-20",
                  i === index
                    ? "border-gold-bright"
                    : "border-gold/20 opacity-70 hover:border-gold/60 hover:opacity-100",
                )}
              >
                <ArtImage src={src} alt="" className="h-full w-full" imgClassName="p-1" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Memoised: the lot page re-renders as its clock ticks and its answers arrive; this part only when its own props change. */
export const LotGallery = memo(LotGalleryView);
