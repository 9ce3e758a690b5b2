export function LeaveIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.1"
      aria-hidden="true"
    >
      <path d="M6 3 H3 V13 H6 M10 5 L13 8 L10 11 M13 8 H6" />
    </svg>
  );
}
