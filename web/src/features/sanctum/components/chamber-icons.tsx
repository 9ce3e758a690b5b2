/** Line icons for the three chambers, drawn in the current colour. */
const common = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.1,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function GavelIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" {...common}>
      <circle cx="24" cy="24" r="22" strokeOpacity="0.35" />
      <path d="M17 14 L27 24" />
      <rect x="19.5" y="9" width="6" height="14" rx="1" transform="rotate(-45 22.5 16)" />
      <path d="M24.5 21.5 L35 32" strokeWidth="1.8" />
      <path d="M12 36 H26" />
      <path d="M14 33 H24" strokeOpacity="0.6" />
    </svg>
  );
}

export function TomeIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" {...common}>
      <circle cx="24" cy="24" r="22" strokeOpacity="0.35" />
      <path d="M14 13 H31 A3 3 0 0 1 34 16 V35 H17 A3 3 0 0 1 14 32 Z" />
      <path d="M14 32 A3 3 0 0 1 17 29 H34" />
      <path d="M24 16 L27 21 L24 26 L21 21 Z" />
    </svg>
  );
}

export function FlameIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" {...common}>
      <circle cx="24" cy="24" r="22" strokeOpacity="0.35" />
      <path d="M24 10 C30 17 32 22 30 28 A6.5 6.5 0 0 1 18 28 C16.5 23 19 19 21 16 C21 20 22.5 22 24 22 C24.5 18 23 14 24 10 Z" />
      <path d="M24 26 C26 28.5 26 31 24 32.5 C22 31 22 28.5 24 26 Z" fill="currentColor" fillOpacity="0.35" />
      <path d="M16 37 H32" />
    </svg>
  );
}
