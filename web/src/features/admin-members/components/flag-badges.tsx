import { MEMBER_FLAG_LABELS, type MemberFlag } from "@bm/shared/admin";

/** A member's flags in words (never colour alone). */
export function FlagBadges({ flags }: { flags: readonly MemberFlag[] }) {
  if (flags.length === 0) return <span className="text-sm text-bone-faint">None</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Flags">
      {flags.map((flag) => (
        <li
          key={flag}
          className="border border-gold/40 px-2 py-0.5 font-display text-[0.7rem] tracking-[0.14em] whitespace-nowrap text-gold-bright uppercase"
        >
          {MEMBER_FLAG_LABELS[flag]}
        </li>
      ))}
    </ul>
  );
}
