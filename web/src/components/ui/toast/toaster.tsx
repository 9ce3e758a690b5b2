import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "@bm/shared";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "../../../lib/cn";
import { useTopDialog } from "../dialog";
import { dismissToast, type ToastItem, useToastStore } from "./toast-store";

/** Whether a horizontal drag of `dx` pixels dismisses the toast (swipe right only). */
function isDismissingSwipe(dx: number): boolean {
  return dx >= TOAST_SWIPE_THRESHOLD_PX;
}

/** The notification region: one toast, swipe right to dismiss, F8 moves focus here. */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // A modal dialog makes the page behind it inert and sits in the top layer: the toasts live
  // inside the innermost open dialog meanwhile, so they show above it and can be clicked.
  const host = useTopDialog();
  const region = (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      aria-live="polite"
      className="pointer-events-none fixed right-0 bottom-0 z-[70] flex w-full flex-col items-end p-3 outline-none sm:p-5 sm:max-w-md"
    >
      {current && <ToastCard key={current.id} toast={current} />}
    </section>
  );
  return host ? createPortal(region, host) : region;
}

function ToastCard({ toast }: { toast: ToastItem }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === "destructive";

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("button")) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setDx(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (isDismissingSwipe(dx)) dismissToast(toast.id);
    else setDx(0);
  };

  return (
    <div
      role={destructive ? "alert" : "status"}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        transform: dx ? `translateX(${dx}px)` : undefined,
        opacity: dx ? Math.max(0.2, 1 - dx / 200) : undefined,
        touchAction: "pan-y",
      }}
      className={cn(
        "toast-enter pointer-events-auto relative w-full touch-pan-y select-none overflow-hidden border px-5 py-4 pr-12 shadow-[0_18px_40px_-12px_rgb(0_0_0/0.9)] backdrop-blur-sm",
        dx === 0 && "transition-transform duration-200",
        destructive
          ? "border-blood-bright/70 bg-[linear-gradient(180deg,rgb(74_12_17/0.95),rgb(30_8_10/0.97))]"
          : "border-gold/40 bg-[linear-gradient(180deg,rgb(30_21_22/0.96),rgb(10_7_8/0.97))]",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("absolute inset-y-0 left-0 w-[3px]", destructive ? "bg-blood-bright" : "bg-gold")}
      />
      <p
        className={cn(
          "font-display text-sm font-semibold tracking-[0.14em]",
          destructive ? "text-bone" : "text-gold-bright",
        )}
      >
        {toast.title}
      </p>
      {toast.description && (
        <p className="mt-1 text-base leading-snug whitespace-pre-line text-bone-muted">{toast.description}</p>
      )}
      {toast.action && (
        <button
          type="button"
          className="btn btn-outline mt-3 min-h-9 px-3 py-1 text-[0.75rem]"
          onClick={() => {
            toast.action?.onClick();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
        className="absolute top-2 right-2 flex h-9 w-9 items-center justify-center text-bone-faint transition-colors hover:text-bone"
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
          <path d="M6 6 L18 18 M18 6 L6 18" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
