import { type ReactNode, useEffect, useId, useRef } from "react";
import { create } from "zustand";
import { cn } from "../../lib/cn";

/** The open modal dialogs, innermost last: the toaster renders inside the top one to stay usable. */
const useOpenDialogs = create<{ stack: HTMLDialogElement[] }>(() => ({ stack: [] }));

/** The innermost open modal dialog, or null. Everything outside it is inert while it is open. */
export function useTopDialog(): HTMLDialogElement | null {
  return useOpenDialogs((s) => s.stack[s.stack.length - 1] ?? null);
}

/** Where focus goes when the control that opened a dialog is gone: the page's main heading. */
function restoreFocus(opener: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected) {
    opener.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>("#main-content h1");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** "center" is a modal box; "left"/"right" slide in as a full-height sheet. */
  placement?: "center" | "left" | "right";
  /** A centred dialog's width: "wide" for forms of several fields side by side. */
  size?: "default" | "wide";
  /** A click on the backdrop closes it (off for forms, where a stray click would lose the input). */
  closeOnBackdrop?: boolean;
  className?: string;
}

/**
 * A modal built on the native <dialog>: focus is trapped, Escape closes it, the page behind is
 * inert. A click on the backdrop closes it too (unless `closeOnBackdrop` is off).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  placement = "center",
  size = "default",
  closeOnBackdrop = true,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    // Kept across React's development re-run of effects, which closes and reopens at once.
    if (opener.current === null) opener.current = document.activeElement;
    if (!el.open) {
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
    }
    useOpenDialogs.setState((s) => ({ stack: [...s.stack, el] }));
    return () => {
      useOpenDialogs.setState((s) => ({ stack: s.stack.filter((d) => d !== el) }));
      if (el.open) {
        if (typeof el.close === "function") el.close();
        else el.removeAttribute("open");
      }
      // After the dialog has left the top layer, so the focus lands on the page.
      queueMicrotask(() => {
        if (el.open) return;
        restoreFocus(opener.current);
        opener.current = null;
      });
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  const placementClass =
    placement === "center"
      ? cn(
          "modal m-auto max-h-[calc(100dvh-2rem)]",
          size === "wide" ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(28rem,calc(100vw-2rem))]",
        )
      : cn(
          "m-0 h-dvh max-h-dvh w-[min(24rem,88vw)] max-w-none",
          placement === "right" ? "sheet-right ml-auto" : "sheet-left mr-auto",
        );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; Escape is the native keyboard way out.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn("border-0 bg-transparent p-0 text-bone backdrop:bg-transparent", placementClass)}
    >
      {open && (
        <div
          className={cn(
            "panel panel-solid flex flex-col overflow-y-auto p-6",
            placement === "center" ? "max-h-[calc(100dvh-2rem)]" : "h-full",
            className,
          )}
        >
          <span className="panel-corners" aria-hidden="true" />
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg text-bone sm:text-xl">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-base text-bone-muted">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              className="relative -mt-1 -mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-sm text-bone-muted transition-colors hover:text-gold-bright"
              aria-label="Close"
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                <path d="M6 6 L18 18 M18 6 L6 18" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="hairline mb-5" />
          {children}
        </div>
      )}
    </dialog>
  );
}
