import { cn } from "../../lib/cn";
import type { FieldControlProps } from "./form-field";

interface SwitchProps extends Partial<FieldControlProps> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The words beside the switch for each state ('Active' / 'Inactive'). */
  onText: string;
  offText: string;
  disabled?: boolean;
  onBlur?: () => void;
}

/** An on/off control (`role="switch"`), named by its label; Space and Enter toggle it. */
export function Switch({ checked, onCheckedChange, onText, offText, disabled, onBlur, ...control }: SwitchProps) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        onBlur={onBlur}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors disabled:opacity-50",
          checked ? "border-gold-bright bg-blood" : "border-gold/40 bg-ink-950",
        )}
        {...control}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block h-5 w-5 rounded-full shadow transition-transform",
            checked ? "translate-x-6 bg-gold-bright" : "translate-x-1 bg-bone-faint",
          )}
        />
      </button>
      <span aria-hidden="true" className={cn("text-base", checked ? "text-gold-bright" : "text-bone-muted")}>
        {checked ? onText : offText}
      </span>
    </div>
  );
}
