import { cn } from "../../../lib/cn";
import { useGlitch } from "../hooks/use-glitch";

/** The hub's title; every 30 s it tears for a second, like a signal from somewhere else. */
export function GlitchBanner({ title, eyebrow, subtitle }: { title: string; eyebrow: string; subtitle: string }) {
  const glitching = useGlitch();
  return (
    <header className="relative flex flex-col items-center overflow-hidden text-center">
      <p className="eyebrow">{eyebrow}</p>
      <h1
        data-text={title}
        data-glitching={glitching}
        className="glitch mt-3 text-4xl tracking-[0.18em] sm:text-6xl sm:tracking-[0.24em]"
      >
        {title}
      </h1>
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-0 bg-[repeating-linear-gradient(0deg,rgb(255_255_255/0.05)_0_1px,transparent_1px_3px)] opacity-0 transition-opacity duration-100 [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]",
          glitching && "opacity-100",
        )}
      />
      <div className="hairline mt-5 w-56" />
      <p className="mt-4 max-w-xl text-lg text-bone-muted italic">{subtitle}</p>
    </header>
  );
}
