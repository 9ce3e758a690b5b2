import { type ReactNode, useId } from "react";
import { Link } from "react-router-dom";
import { cn } from "../../../lib/cn";

interface ChamberCardProps {
  numeral: string;
  title: string;
  blurb: string;
  icon: ReactNode;
  /** A link target, or a click handler for cards that ask something first. */
  to?: string;
  onClick?: () => void;
  /** Not yet open to this member: shows a coming-soon message instead of a way in. */
  accessible?: boolean;
  dimmed?: boolean;
  footer?: ReactNode;
  cta: string;
}

/** One of the three doors of the Sanctum. */
export function ChamberCard({
  numeral,
  title,
  blurb,
  icon,
  to,
  onClick,
  accessible = true,
  dimmed,
  footer,
  cta,
}: ChamberCardProps) {
  // The whole card is one control: it is named by its title and described by its blurb, so a
  // screen reader does not read every line of the card as the name.
  const titleId = useId();
  const blurbId = useId();
  const naming = { "aria-labelledby": titleId, "aria-describedby": blurbId };
  const body = (
    <>
      <span className="panel-corners" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-[radial-gradient(ellipse_at_top,rgb(217_96_46/0.18),transparent_70%)] opacity-0 transition-opacity duration-500 group-hover:opacity-100"
      />
      <span className="font-display text-xs tracking-[0.4em] text-gold-dim">{numeral}</span>
      <span className="mt-3 text-gold transition-colors group-hover:text-gold-bright">{icon}</span>
      <span id={titleId} className="mt-4 font-display text-lg font-semibold tracking-[0.12em] text-bone sm:text-xl">
        {title}
      </span>
      <span id={blurbId} className="mt-2 text-base leading-snug text-bone-muted">
        {blurb}
      </span>
      {footer && <span className="mt-5 flex w-full flex-col items-center">{footer}</span>}
      <span className="mt-auto pt-6">
        <span
          className={cn(
            "inline-flex items-center gap-2 border-b pb-1 font-display text-[0.75rem] tracking-[0.3em] uppercase transition-colors",
            accessible
              ? "border-gold/40 text-gold group-hover:border-gold-bright group-hover:text-gold-bright"
              : "border-transparent text-bone-faint",
          )}
        >
          {accessible ? cta : "Coming soon"}
          {accessible && <span aria-hidden="true">→</span>}
        </span>
      </span>
    </>
  );

  const className = cn(
    "panel group relative flex h-full min-h-[22rem] flex-col items-center px-6 pt-7 pb-7 text-center transition-[transform,box-shadow,border-color,opacity,filter] duration-300",
    accessible && "hover:-translate-y-1 hover:border-gold/50 hover:shadow-[0_24px_60px_-24px_rgb(181_42_50/0.6)]",
    dimmed && "opacity-60 saturate-50 hover:opacity-85",
    !accessible && "cursor-not-allowed opacity-50",
  );

  if (!accessible) {
    return (
      <div className={className} aria-disabled="true">
        {body}
      </div>
    );
  }
  if (to) {
    return (
      <Link to={to} className={className} {...naming}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} className={cn(className, "w-full cursor-pointer")} {...naming}>
      {body}
    </button>
  );
}
