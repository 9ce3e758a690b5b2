import { useId } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { DOORS, type Door, VOID_POEM } from "../content";
import { DoorGlyph } from "./door-glyphs";

/** /void: reached from the 4o4 page's hidden button. A poem, then three doors. */
export function VoidPage() {
  useDocumentTitle("The Void");
  let line = 0;
  return (
    <main className="relative mx-auto flex w-full max-w-4xl flex-1 flex-col items-center overflow-hidden px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-16">
      {/* The hollow: a dark well with a faint ember rim, breathing slowly behind the heading. */}
      <div
        aria-hidden="true"
        className="glow-breathe pointer-events-none absolute top-4 left-1/2 h-[26rem] w-[26rem] -translate-x-1/2 rounded-full bg-[radial-gradient(circle,rgb(0_0_0/0.95)_35%,rgb(140_26_34/0.22)_58%,transparent_72%)] sm:h-[34rem] sm:w-[34rem]"
      />
      <p className="eyebrow relative">Beyond the last page</p>
      <h1 className="relative mt-3 text-4xl tracking-[0.18em] sm:text-5xl">The Void</h1>
      <div className="hairline relative mt-5 w-56" />

      <figure className="relative mt-10 max-w-xl">
        <figcaption className="sr-only">A poem</figcaption>
        {VOID_POEM.map((stanza) => (
          <p key={stanza[0]} className="mt-6 text-lg leading-relaxed text-bone-muted italic first:mt-0 sm:text-xl">
            {stanza.map((text, i) => {
              const delay = `${(line++ * 0.12).toFixed(2)}s`;
              return (
                <span key={text} className="block animate-rise" style={{ animationDelay: delay }}>
                  {text}
                  {i < stanza.length - 1 && <span className="sr-only"> </span>}
                </span>
              );
            })}
          </p>
        ))}
      </figure>

      <nav aria-labelledby="void-doors" className="relative mt-14 w-full">
        <h2 id="void-doors" className="eyebrow">
          Three doors
        </h2>
        <ul className="mt-6 grid grid-cols-3 gap-2.5 sm:gap-6">
          {DOORS.map((door) => (
            <li key={door.key} className="min-w-0">
              <DoorLink door={door} />
            </li>
          ))}
        </ul>
      </nav>

      <Link to={paths.home.href()} className="link-quiet relative mt-14 inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> Return to the light
      </Link>
    </main>
  );
}

/** One arched door: named by its name, described by its hint (not by every line inside it). */
function DoorLink({ door }: { door: Door }) {
  const nameId = useId();
  const hintId = useId();
  return (
    <Link
      to={door.href}
      aria-labelledby={nameId}
      aria-describedby={hintId}
      className="group flex h-full flex-col items-center rounded-t-full focus-visible:outline-offset-4"
    >
      <span className="panel relative flex aspect-[3/5] w-full max-w-[12rem] flex-col items-center justify-end overflow-hidden rounded-t-full border-gold/35 px-1 pb-5 transition-[border-color,box-shadow,transform] duration-500 group-hover:-translate-y-1 group-hover:border-gold-bright/70 group-hover:shadow-[0_0_50px_-12px_rgb(217_96_46/0.55)] sm:pb-8">
        {/* The light behind the door, seen through its arch when it is approached. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-2/3 bg-[radial-gradient(ellipse_at_top,rgb(217_96_46/0.22),transparent_70%)] opacity-40 transition-opacity duration-500 group-hover:opacity-100"
        />
        <span aria-hidden="true" className="absolute inset-2 rounded-t-full border border-gold/15 sm:inset-3" />
        <Fanlight />
        <span aria-hidden="true" className="relative font-display text-xs tracking-[0.3em] text-gold-dim">
          {door.numeral}
        </span>
        <DoorGlyph
          door={door.key}
          className="relative mt-3 h-10 w-10 text-gold transition-colors duration-500 group-hover:text-gold-bright sm:h-16 sm:w-16"
        />
        <span
          id={nameId}
          className="relative mt-3 font-display text-xs font-semibold tracking-[0.06em] text-bone uppercase sm:mt-5 sm:text-base sm:tracking-[0.2em]"
        >
          {door.name}
        </span>
      </span>
      <span id={hintId} className="mt-3 max-w-[12rem] text-sm leading-snug text-bone-faint italic sm:text-base">
        {door.hint}
      </span>
    </Link>
  );
}

/** The fanlight over each door: a half wheel of rays, lit when the door is approached. */
function Fanlight() {
  const rays = [30, 60, 90, 120, 150].map((deg) => {
    const r = (deg * Math.PI) / 180;
    return {
      deg,
      x1: 30 + 9 * Math.cos(r),
      y1: 30 - 9 * Math.sin(r),
      x2: 30 + 24 * Math.cos(r),
      y2: 30 - 24 * Math.sin(r),
    };
  });
  return (
    <svg
      viewBox="0 0 60 32"
      aria-hidden="true"
      className="absolute top-[13%] left-1/2 w-[58%] -translate-x-1/2 text-gold/35 transition-colors duration-500 group-hover:text-gold-bright/70"
      fill="none"
      stroke="currentColor"
      strokeWidth="0.8"
    >
      <path d="M4 30 A26 26 0 0 1 56 30 Z" />
      <path d="M21 30 A9 9 0 0 1 39 30" />
      {rays.map((ray) => (
        <line key={ray.deg} x1={ray.x1} y1={ray.y1} x2={ray.x2} y2={ray.y2} />
      ))}
    </svg>
  );
}
