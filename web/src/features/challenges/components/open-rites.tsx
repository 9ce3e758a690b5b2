import { type ChallengeAnswer, formatDate } from "@bm/shared";
import { Link } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { challengeHref } from "../lib/challenge-href";
import { isVideo } from "../lib/media";

/**
 * Earlier rites that still take answers (the standing offers and the rites with a page of their
 * own stay open to the event's end): each card leads to its page. Nothing shows once all are done.
 */
export function OpenRites({ rites }: { rites: ChallengeAnswer[] }) {
  if (rites.length === 0) return null;
  return (
    <section aria-labelledby="open-rites" className="mt-12">
      <h2 id="open-rites" className="text-center text-2xl sm:text-3xl">
        Rites Still Open
      </h2>
      <div className="hairline mx-auto mt-4 w-40" />
      <p className="mx-auto mt-4 max-w-xl text-center text-base text-bone-muted">
        These rites wait for you until the auction begins. Each may be taken once.
      </p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
        {rites.map((rite) => (
          <li key={`${rite.type}-${rite.id}`}>
            <Link
              to={challengeHref(rite)}
              className="panel group flex h-full flex-col transition-colors hover:border-gold/60"
            >
              {rite.imageUrl && !isVideo(rite.imageUrl) ? (
                <ArtImage whenNear src={rite.imageUrl} alt="" className="aspect-square w-full" caption={rite.label} />
              ) : null}
              <span className="flex flex-1 flex-col gap-1 p-3">
                <span className="font-display text-[0.75rem] tracking-[0.24em] text-gold uppercase">
                  {rite.label} · {formatDate(rite.unlocksAt)}
                </span>
                <span className="font-display text-base leading-snug text-bone group-hover:text-gold-bright">
                  {rite.title}
                </span>
                <span className="mt-auto text-sm text-gold-bright">
                  {rite.credits > 0 ? `${rite.credits} MPC Credits · ` : ""}Still open
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
