export function LockIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.1"
      aria-hidden="true"
    >
      <rect x="3.5" y="7" width="9" height="6.5" rx="0.8" />
      <path d="M5.5 7 V5 A2.5 2.5 0 0 1 10.5 5 V7" />
    </svg>
  );
}
