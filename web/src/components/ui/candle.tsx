import { useId } from "react";
import { cn } from "../../lib/cn";

/** A decorative candle whose flame flickers (still under prefers-reduced-motion). */
export function Candle({ className, delay = 0 }: { className?: string; delay?: number }) {
  const id = useId();
  const halo = `${id}-halo`;
  const wax = `${id}-wax`;
  const flame = `${id}-flame`;
  return (
    <svg viewBox="0 0 40 120" className={cn("overflow-visible", className)} aria-hidden="true">
      <defs>
        <radialGradient id={halo}>
          <stop offset="0" stopColor="#ffb36b" stopOpacity="0.55" />
          <stop offset="0.4" stopColor="#d9602e" stopOpacity="0.18" />
          <stop offset="1" stopColor="#d9602e" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={wax} x1="0" x2="1">
          <stop offset="0" stopColor="#2a1f1f" />
          <stop offset="0.45" stopColor="#4a3a33" />
          <stop offset="1" stopColor="#1a1212" />
        </linearGradient>
        <linearGradient id={flame} x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#fff1c9" />
          <stop offset="0.45" stopColor="#ffb35c" />
          <stop offset="1" stopColor="#d9602e" stopOpacity="0.2" />
        </linearGradient>
      </defs>
      <circle
        cx="20"
        cy="24"
        r="26"
        fill={`url(#${halo})`}
        className="glow-breathe"
        style={{ animationDelay: `${delay}s` }}
      />
      <g className="candle-flame" style={{ animationDelay: `${delay}s` }}>
        <path d="M20 8 C26 18 25 28 20 32 C15 28 14 18 20 8 Z" fill={`url(#${flame})`} />
        <path d="M20 19 C22 24 22 28 20 30 C18 28 18 24 20 19 Z" fill="#fff8e6" opacity="0.85" />
      </g>
      <line x1="20" y1="30" x2="20" y2="36" stroke="#111" strokeWidth="1.2" />
      <path d="M11 36 H29 V116 H11 Z" fill={`url(#${wax})`} />
      <path d="M11 36 H29 V40 C25 42 24 50 22 52 C21 46 15 42 11 40 Z" fill="#5a4840" opacity="0.7" />
    </svg>
  );
}
