import { useId } from "react";
import { cn } from "../../lib/cn";

const TICK_ANGLES = Array.from({ length: 12 }, (_, i) => i * 30);

interface SigilProps {
  className?: string;
  /** Slowly turns the outer ring (stopped under prefers-reduced-motion). */
  animated?: boolean;
  title?: string;
}

/** The House sigil: a ringed hexagram with an ember eye. Decorative unless given a title. */
export function Sigil({ className, animated = false, title }: SigilProps) {
  const id = useId();
  const gold = `${id}-gold`;
  const ember = `${id}-ember`;
  return (
    <svg
      viewBox="0 0 120 120"
      className={className}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f0d69b" />
          <stop offset="0.5" stopColor="#c9a45c" />
          <stop offset="1" stopColor="#7d6535" />
        </linearGradient>
        <radialGradient id={ember}>
          <stop offset="0" stopColor="#ffd9a0" />
          <stop offset="0.35" stopColor="#d9602e" />
          <stop offset="1" stopColor="#8c1a22" stopOpacity="0" />
        </radialGradient>
      </defs>
      <g className={cn(animated && "origin-center motion-safe:animate-spin-slow")} style={{ transformBox: "fill-box" }}>
        <circle cx="60" cy="60" r="56" fill="none" stroke={`url(#${gold})`} strokeWidth="0.8" />
        <circle
          cx="60"
          cy="60"
          r="51"
          fill="none"
          stroke={`url(#${gold})`}
          strokeWidth="0.5"
          strokeDasharray="1.5 3.2"
        />
        {TICK_ANGLES.map((angle) => (
          <line
            key={angle}
            x1="60"
            y1="4"
            x2="60"
            y2="9"
            stroke={`url(#${gold})`}
            strokeWidth="0.8"
            transform={`rotate(${angle} 60 60)`}
          />
        ))}
      </g>
      <path d="M60 16 L98 82 H22 Z" fill="none" stroke={`url(#${gold})`} strokeWidth="1.4" strokeLinejoin="round" />
      <path
        d="M60 104 L22 38 H98 Z"
        fill="none"
        stroke="#b52a32"
        strokeWidth="1.4"
        strokeLinejoin="round"
        opacity="0.9"
      />
      <circle cx="60" cy="60" r="22" fill="none" stroke={`url(#${gold})`} strokeWidth="0.7" />
      <path d="M44 60 Q60 46 76 60 Q60 74 44 60 Z" fill="#0a0708" stroke={`url(#${gold})`} strokeWidth="1" />
      <circle cx="60" cy="60" r="9" fill={`url(#${ember})`} className="glow-breathe" />
      <circle cx="60" cy="60" r="3" fill="#1a0a0a" />
    </svg>
  );
}

interface WordmarkProps {
  className?: string;
  size?: "sm" | "lg";
  /** Small size only: on phones, show the sigil alone to leave room in the header. */
  compact?: boolean;
}

/** "The Black Market" set in Cinzel between gold rules. */
export function Wordmark({ className, size = "sm", compact = false }: WordmarkProps) {
  if (size === "sm") {
    return (
      <span className={cn("inline-flex items-center gap-2.5", className)}>
        <Sigil className="h-9 w-9 shrink-0" />
        <span className={cn("flex-col leading-none", compact ? "hidden sm:flex" : "flex")}>
          <span className="font-display text-[0.75rem] tracking-[0.5em] text-gold">THE</span>
          <span className="font-display text-[0.95rem] font-semibold tracking-[0.22em] text-bone">BLACK MARKET</span>
        </span>
      </span>
    );
  }
  return (
    <span className={cn("flex flex-col items-center text-center", className)}>
      <span className="font-display text-xs tracking-[0.8em] text-gold sm:text-sm">THE</span>
      <span className="mt-2 bg-gradient-to-b from-bone via-bone to-gold-dim bg-clip-text font-display text-[2.15rem] font-bold leading-none tracking-[0.14em] text-transparent min-[400px]:text-[2.6rem] sm:text-6xl sm:tracking-[0.18em]">
        BLACK
      </span>
      <span className="mt-1 bg-gradient-to-b from-bone via-bone to-gold-dim bg-clip-text font-display text-[2.15rem] font-bold leading-none tracking-[0.14em] text-transparent min-[400px]:text-[2.6rem] sm:text-6xl sm:tracking-[0.18em]">
        MARKET
      </span>
    </span>
  );
}
