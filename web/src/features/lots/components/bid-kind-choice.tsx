import { useId } from "react";
import { cn } from "../../../lib/cn";

const KINDS = [
  { maximum: false, label: "Bid exactly" },
  { maximum: true, label: "Leave a maximum" },
] as const;

interface BidKindChoiceProps {
  maximum: boolean;
  onChange: (maximum: boolean) => void;
  disabled?: boolean;
}

/**
 * Bid exactly, or leave a maximum: two real radios (arrow keys move between them, a screen
 * reader hears the group and the choice), drawn as one segmented control. The chosen one differs
 * by its filled diamond and its border as well as its colour.
 */
export function BidKindChoice({ maximum, onChange, disabled = false }: BidKindChoiceProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">How to bid</legend>
      <div className="grid grid-cols-2 gap-px border border-gold/60 bg-gold/30">
        {KINDS.map((kind) => {
          const checked = kind.maximum === maximum;
          return (
            <label
              key={kind.label}
              className={cn(
                "flex min-h-10 cursor-pointer items-center justify-center gap-2 px-2 py-1.5 text-center text-base leading-tight transition-colors",
                "has-[input:focus-visible]:relative has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold-bright",
                checked ? "bg-ink-700 text-gold-bright" : "bg-ink-900 text-bone-muted hover:text-bone",
              )}
            >
              <input
                type="radio"
                name={name}
                value={kind.maximum ? "maximum" : "exact"}
                checked={checked}
                onChange={() => onChange(kind.maximum)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cn(
                  "h-2 w-2 shrink-0 rotate-45 border",
                  checked ? "border-gold-bright bg-gold-bright" : "border-bone-muted",
                )}
              />
              {kind.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
