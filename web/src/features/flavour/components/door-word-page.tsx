import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { DOORS, type DoorKey, doorOf } from "../content";
import { DoorGlyph } from "./door-glyphs";

const ORDINAL: Record<DoorKey, string> = {
  knowledge: "The first door",
  power: "The second door",
  truth: "The third door",
};

/** Each door's word in its own light: shadow-dark bone, gold, ember red (all 4.5:1 or more on the page). */
const WORD_TONE: Record<DoorKey, string> = {
  knowledge: "text-bone [text-shadow:0_6px_28px_rgb(0_0_0/0.95),0_0_60px_rgb(140_26_34/0.35)]",
  power: "text-gold-bright [text-shadow:0_0_30px_rgb(201_164_92/0.45),0_0_80px_rgb(217_96_46/0.25)]",
  truth: "text-blood-bright [text-shadow:0_0_30px_rgb(181_42_50/0.6),0_0_80px_rgb(140_26_34/0.4)]",
};

/** /knowledge, /power, /truth: the word a door keeps, and its quote. */
export function DoorWordPage({ door: key }: { door: DoorKey }) {
  const door = doorOf(key);
  useDocumentTitle(door.word);
  const others = DOORS.filter((d) => d.key !== key);
  return (
    <main className="relative mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.void.href()} className="link-quiet inline-flex items-center gap-2 self-start text-base">
        <span aria-hidden="true">←</span> The Void
      </Link>

      <div className="relative flex flex-1 flex-col items-center justify-center pt-10 text-center sm:pt-14">
        <div
          aria-hidden="true"
          className="glow-breathe pointer-events-none absolute top-0 left-1/2 h-80 w-80 -translate-x-1/2 rounded-full bg-[radial-gradient(circle,rgb(140_26_34/0.22),transparent_65%)] sm:h-[28rem] sm:w-[28rem]"
        />
        <DoorGlyph door={key} className="relative h-16 w-16 text-gold sm:h-20 sm:w-20" />
        <p className="eyebrow relative mt-6">
          {ORDINAL[key]} <span aria-hidden="true">·</span> {door.name}
        </p>
        <h1
          className={cn(
            "relative mt-4 animate-rise pl-[0.14em] text-6xl leading-none tracking-[0.14em] uppercase sm:pl-[0.2em] sm:text-8xl sm:tracking-[0.2em]",
            WORD_TONE[key],
          )}
        >
          {door.word}
        </h1>
        <div className="hairline relative mt-8 w-48" />

        <figure className="relative mt-8 max-w-xl">
          <blockquote className="text-xl leading-relaxed text-bone-muted italic sm:text-2xl">
            <p>
              <span aria-hidden="true" className="mr-1 font-display text-gold-dim not-italic">
                “
              </span>
              {door.quote}
              <span aria-hidden="true" className="ml-1 font-display text-gold-dim not-italic">
                ”
              </span>
            </p>
          </blockquote>
          <figcaption className="mt-4 font-display text-xs tracking-[0.26em] text-bone-faint uppercase">
            <span aria-hidden="true">— </span>
            {door.attribution}
          </figcaption>
        </figure>
      </div>

      <nav
        aria-label="The other doors"
        className="relative mt-14 flex flex-wrap items-center justify-center gap-x-6 gap-y-2"
      >
        {others.map((other, i) => (
          <span key={other.key} className="flex items-center gap-6">
            {i > 0 && (
              <span aria-hidden="true" className="text-gold-dim">
                ✦
              </span>
            )}
            <Link to={other.href} className="link-quiet text-base">
              {other.name}
            </Link>
          </span>
        ))}
      </nav>
    </main>
  );
}
