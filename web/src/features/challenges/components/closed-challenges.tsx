import { type ChallengeAnswer, formatDate } from "@bm/shared";
import { useState } from "react";
import { ArtImage } from "../../../components/ui/art-image";
import { isVideo, lastMedia } from "../lib/media";
import { stateOf } from "./challenge-standing";
import { MediaViewer } from "./media-viewer";

const mark = { completed: "Solved", failed: "Failed", closed: "Closed by others", open: null } as const;

/**
 * The earlier challenges, closed, newest first: each card opens the viewer on its last image or
 * video (the reveal). Cards are named by their title alone.
 */
export function ClosedChallenges({ challenges }: { challenges: ChallengeAnswer[] }) {
  const [viewing, setViewing] = useState<{ src: string; title: string } | null>(null);
  if (challenges.length === 0) return null;
  return (
    <section aria-labelledby="closed-challenges" className="mt-12">
      <h2 id="closed-challenges" className="text-center text-2xl sm:text-3xl">
        Closed Challenges
      </h2>
      <div className="hairline mx-auto mt-4 w-40" />
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
        {challenges.map((challenge) => {
          const media = lastMedia(challenge);
          const status = mark[stateOf(challenge)];
          return (
            <li key={`${challenge.type}-${challenge.id}`}>
              <button
                type="button"
                aria-label={challenge.title}
                disabled={!media}
                onClick={() => media && setViewing({ src: media, title: challenge.title })}
                className="panel group flex h-full w-full flex-col text-left transition-colors hover:border-gold/60 disabled:cursor-default"
              >
                <span className="relative block">
                  {media && isVideo(media) ? (
                    <span className="flex aspect-square w-full items-center justify-center bg-ink-950">
                      <PlayGlyph />
                    </span>
                  ) : (
                    <ArtImage whenNear src={media} alt="" className="aspect-square w-full" caption={challenge.label} />
                  )}
                </span>
                <span className="flex flex-1 flex-col gap-1 p-3">
                  <span className="font-display text-[0.75rem] tracking-[0.24em] text-gold uppercase">
                    {challenge.label} · {formatDate(challenge.unlocksAt)}
                  </span>
                  <span className="font-display text-base leading-snug text-bone group-hover:text-gold-bright">
                    {challenge.title}
                  </span>
                  {status && <span className="mt-auto text-sm text-bone-muted italic">{status}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <MediaViewer src={viewing?.src ?? null} title={viewing?.title ?? ""} onClose={() => setViewing(null)} />
    </section>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 48 48" className="h-14 w-14 text-gold" fill="none" aria-hidden="true">
      <circle cx="24" cy="24" r="18" stroke="currentColor" strokeWidth="1.2" />
      <path d="M20 16 L33 24 L20 32 Z" fill="currentColor" fillOpacity="0.85" />
    </svg>
  );
}
