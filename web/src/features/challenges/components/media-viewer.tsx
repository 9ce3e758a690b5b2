import { useEffect, useId, useRef } from "react";
import { ArtImage } from "../../../components/ui/art-image";
import { isVideo } from "../lib/media";

interface MediaViewerProps {
  /** The image or video shown; null: the viewer is closed. */
  src: string | null;
  title: string;
  onClose: () => void;
}

/**
 * A challenge's image or video across the whole screen: a native modal <dialog> (focus held
 * inside, Escape and the close button leave, the page behind inert), focus back on the opener.
 */
export function MediaViewer({ src, title, onClose }: MediaViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = src !== null;

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = document.activeElement;
    if (!el.open && typeof el.showModal === "function") el.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (el.open) el.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; Escape is the keyboard's way out.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none border-0 bg-ink-950/95 p-0 text-bone backdrop:bg-ink-950/80"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-gold/20 px-4 py-2 sm:px-6">
            <h2 id={titleId} className="truncate font-display text-base tracking-[0.12em] text-bone sm:text-lg">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close viewer"
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-sm text-bone-muted transition-colors hover:text-gold-bright"
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
                <path d="M6 6 L18 18 M18 6 L6 18" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a click beside the media closes, like the backdrop. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the close button are the keyboard's way out. */}
          <div
            className="flex min-h-0 flex-1 items-center justify-center p-3 sm:p-8"
            onClick={(event) => {
              if (event.target === event.currentTarget) onClose();
            }}
          >
            {isVideo(src) ? (
              // biome-ignore lint/a11y/useMediaCaption: the House's short videos carry no speech.
              <video src={src ?? undefined} controls autoPlay playsInline className="max-h-full max-w-full" />
            ) : (
              <ArtImage src={src} alt={title} loading="eager" className="h-full w-full bg-none" />
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
