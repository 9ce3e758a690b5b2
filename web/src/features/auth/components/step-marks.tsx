import { cn } from "../../../lib/cn";

export type EntryStep = "email" | "code";

const items: Array<{ key: EntryStep; mark: string; label: string }> = [
  { key: "email", mark: "I", label: "Email" },
  { key: "code", mark: "II", label: "Code" },
];

/** The entry's two steps, the current one marked. */
export function StepMarks({ step }: { step: EntryStep }) {
  return (
    <ol className="mt-4 flex items-center gap-3" aria-label="Steps">
      {items.map((item, index) => (
        <li key={item.key} className="flex items-center gap-3" aria-current={item.key === step ? "step" : undefined}>
          {index > 0 && <span aria-hidden="true" className="h-px w-8 bg-gold/40" />}
          <span
            className={cn(
              "font-display text-[0.75rem] tracking-[0.24em] uppercase",
              item.key === step ? "text-gold-bright" : "text-bone-faint",
            )}
          >
            {item.mark} · {item.label}
          </span>
        </li>
      ))}
    </ol>
  );
}
