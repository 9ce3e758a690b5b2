import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cn } from "../../lib/cn";

interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A small count beside the label (a badge); hidden when undefined. */
  badge?: number;
}

interface TabsProps<K extends string> {
  items: Array<TabItem<K>>;
  value: K;
  onValueChange: (key: K) => void;
  label: string;
  children: ReactNode;
  /** Phones: tabs in a two-column grid instead of one row. */
  gridOnPhones?: boolean;
  className?: string;
}

/**
 * Accessible tabs: arrow keys, Home and End move between them; only the chosen panel renders.
 */
export function Tabs<K extends string>({
  items,
  value,
  onValueChange,
  label,
  children,
  gridOnPhones = false,
  className,
}: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.key === value);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return;
    event.preventDefault();
    const key = items[next]?.key;
    if (key === undefined) return;
    onValueChange(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={cn(
          "border-b border-gold/20",
          gridOnPhones ? "grid grid-cols-2 sm:flex sm:flex-wrap" : "flex flex-wrap",
        )}
      >
        {items.map((item) => {
          const selected = item.key === value;
          return (
            <button
              key={item.key}
              ref={(el) => {
                if (el) refs.current.set(item.key, el);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.key)}
              className={cn(
                "relative -mb-px flex min-h-11 items-center justify-center gap-2 border-b px-3 py-2.5 font-display text-[0.75rem] tracking-[0.2em] uppercase transition-colors sm:px-5 sm:text-[0.75rem]",
                selected ? "border-gold-bright text-gold-bright" : "border-transparent text-bone-muted hover:text-bone",
              )}
            >
              {selected && (
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-x-2 bottom-0 h-6 bg-[radial-gradient(ellipse_at_bottom,rgb(201_164_92/0.18),transparent_70%)]"
                />
              )}
              <span className="text-center">{item.label}</span>
              {item.badge !== undefined && (
                <span className="flex h-5 min-w-5 items-center justify-center rounded-full border border-gold/50 bg-blood px-1 font-display text-[0.75rem] font-semibold tracking-normal text-bone lining-nums tabular-nums">
                  {item.badge}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="pt-6 outline-none">
        {children}
      </div>
    </div>
  );
}
