import type { ChallengeAnswer } from "@bm/shared";
import { challengeImageAt, MULTI_IMAGE_COUNT } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { challengeKeys } from "../../../api/challenge-cache";
import { ArtImage } from "../../../components/ui/art-image";
import { CompactCountdown } from "../../../components/ui/countdown";
import { cn } from "../../../lib/cn";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { isVideo } from "../lib/media";
import { MediaViewer } from "./media-viewer";

type Media = Pick<ChallengeAnswer, "title" | "imageUrl" | "imageUrls" | "unlocksAt" | "label" | "imageStep">;

/**
 * A challenge's picture (or video), which enlarges in the viewer. A multi-image challenge shows
 * the image of the moment (one more every 3.5 hours from the unlock, by the server's clock) with
 * the seconds to the next; a new challenge starts again from its own unlock.
 */
export function ChallengeMedia({ challenge, className }: { challenge: Media; className?: string }) {
  const [viewing, setViewing] = useState<string | null>(null);
  const images = challenge.imageUrls ?? [];
  const stepped = challenge.imageStep !== null && images.length > 0;
  const now = useServerNow(1000, stepped);
  // The step runs on the server's clock from the unlock instant; members hold only the images
  // revealed so far, so a step past them asks the server for the next one.
  // (The server preloads the same picture for /earn-credits by the same rule.)
  const picture = challengeImageAt(challenge, new Date(now));
  const step = picture.stepped ? { nextAt: picture.nextAt } : null;
  const { shown, behind, src } = picture;
  useRevealRefetch(behind);
  const alt = step ? `${challenge.title}, image ${shown + 1} of ${MULTI_IMAGE_COUNT}` : challenge.title;

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {src && isVideo(src) ? (
        <div className="relative border border-gold/20 bg-ink-950">
          {/* biome-ignore lint/a11y/useMediaCaption: the House's short videos carry no speech. */}
          <video src={src} controls playsInline preload="metadata" className="aspect-square w-full object-contain" />
          <EnlargeButton label={`Enlarge the video of ${challenge.title}`} onClick={() => setViewing(src)} corner />
        </div>
      ) : src ? (
        <button
          type="button"
          onClick={() => setViewing(src)}
          aria-label={`Enlarge ${alt}`}
          className="group relative block w-full border border-gold/20 transition-colors hover:border-gold-bright"
        >
          <ArtImage
            src={src}
            alt=""
            priority
            className="aspect-[4/3] w-full md:aspect-square"
            caption={challenge.label}
          />
          <span
            aria-hidden="true"
            className="absolute right-2 bottom-2 bg-ink-950/80 px-2 py-1 font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase opacity-90 group-hover:opacity-100"
          >
            Enlarge
          </span>
        </button>
      ) : (
        <ArtImage
          src={null}
          alt=""
          className="aspect-[4/3] w-full border border-gold/20 md:aspect-square"
          caption={challenge.label}
        />
      )}
      {step && (
        <p className="flex flex-wrap items-baseline justify-between gap-2 text-base text-bone-muted">
          <span>
            Image {shown + 1} of {MULTI_IMAGE_COUNT}
          </span>
          {step.nextAt ? (
            <span className="flex items-baseline gap-2">
              <span className="text-bone-faint">Next image in</span>
              <CompactCountdown
                parts={splitDuration(step.nextAt.getTime() - now)}
                label="Next image in"
                className="font-display text-gold-bright"
              />
            </span>
          ) : (
            <span className="text-bone-faint italic">Every image is revealed</span>
          )}
        </p>
      )}
      <MediaViewer src={viewing} title={challenge.title} onClose={() => setViewing(null)} />
    </div>
  );
}

function EnlargeButton({ label, onClick, corner }: { label: string; onClick: () => void; corner?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        "bg-ink-950/85 px-2 py-1 font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase hover:text-bone",
        corner && "absolute top-2 right-2",
      )}
    >
      Enlarge
    </button>
  );
}

/** The next image is due but not held: the challenge is asked for again (once per step). */
function useRevealRefetch(behind: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (behind) void client.invalidateQueries({ queryKey: challengeKeys.all() });
  }, [behind, client]);
}
