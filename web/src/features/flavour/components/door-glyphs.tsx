import type { ComponentType } from "react";
import type { DoorKey } from "../content";

/** Line glyphs for the three doors, drawn in the current colour: an eye, a crown, a flame held in a hand. */
const common = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.1,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function EyeGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" {...common}>
      <path d="M6 24 C12 15 18 12 24 12 C30 12 36 15 42 24 C36 33 30 36 24 36 C18 36 12 33 6 24 Z" />
      <circle cx="24" cy="24" r="6.5" />
      <circle cx="24" cy="24" r="2.4" fill="currentColor" fillOpacity="0.5" />
      <path d="M24 5 V9 M12 8 L14.5 11.5 M36 8 L33.5 11.5" strokeOpacity="0.6" />
      <path d="M15 42 H33" strokeOpacity="0.45" />
    </svg>
  );
}

function CrownGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" {...common}>
      <path d="M9 34 L7 15 L16.5 23 L24 10 L31.5 23 L41 15 L39 34 Z" />
      <path d="M9 38.5 H39" />
      <circle cx="24" cy="8" r="1.6" fill="currentColor" fillOpacity="0.5" />
      <circle cx="7" cy="13" r="1.2" />
      <circle cx="41" cy="13" r="1.2" />
      <path d="M24 27 L26.5 30 L24 33 L21.5 30 Z" fill="currentColor" fillOpacity="0.35" />
    </svg>
  );
}

function FlameGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" {...common}>
      <path d="M24 6 C29.5 12.5 31 17 29.5 22 A6 6 0 0 1 18.5 22 C17.5 18 19.5 15 21 12.5 C21.2 16 22.5 17.5 24 17.5 C24.4 13.5 23 10 24 6 Z" />
      <path d="M24 20 C25.6 22 25.6 24 24 25.3 C22.4 24 22.4 22 24 20 Z" fill="currentColor" fillOpacity="0.4" />
      <path d="M11 31 C15 29 19 29.5 24 31.5 C29 29.5 33 29 37 31" />
      <path d="M11 31 V35 C15 33 19 33.5 24 35.5 C29 33.5 33 33 37 35 V31" />
      <path d="M17 41 H31" strokeOpacity="0.45" />
    </svg>
  );
}

const glyphs: Record<DoorKey, ComponentType<{ className?: string }>> = {
  knowledge: EyeGlyph,
  power: CrownGlyph,
  truth: FlameGlyph,
};

export function DoorGlyph({ door, className }: { door: DoorKey; className?: string }) {
  const Glyph = glyphs[door];
  return <Glyph className={className} />;
}
