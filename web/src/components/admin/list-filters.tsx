import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "../../lib/cn";

/** The row of a list's filters, above its table. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of filters that apply as they change; there is nothing to submit.
    <div role="group" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
    </div>
  );
}

interface FilterTextProps {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  /** How long typing rests before the list is asked again. */
  delayMs?: number;
}

/**
 * A text filter: the list follows it once typing rests (and at once on Enter), so every key does
 * not cost a request. The URL's value wins when it changes from outside (Back, a link).
 */
export function FilterText({ label, value, onChange, placeholder, className, delayMs = 350 }: FilterTextProps) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const sent = useRef(value ?? "");
  useEffect(() => {
    if ((value ?? "") !== sent.current) {
      sent.current = value ?? "";
      setText(value ?? "");
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onChange(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, onChange]);
  return (
    <div className={cn("flex min-w-48 flex-1 flex-col", className)}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field min-h-11 py-2 text-base"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          sent.current = text.trim();
          onChange(text.trim());
        }}
      />
    </div>
  );
}

interface FilterSelectProps<V extends string> {
  label: string;
  value: V | undefined;
  /** The choices; `""` stands for no filter. */
  options: ReadonlyArray<{ value: V | ""; label: string }>;
  onChange: (value: V | "") => void;
  className?: string;
}

export function FilterSelect<V extends string>({ label, value, options, onChange, className }: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className={cn("flex min-w-40 flex-col", className)}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="field min-h-11 py-2 text-base"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value as V | "")}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
