import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../config/paths";

/**
 * The head of a member's own page (notices, passkeys): the way back to the Sanctum, the eyebrow,
 * the title under its hairline, and a line of what the page is for.
 */
export function MemberPageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <Link to={paths.sanctum.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> The Sanctum
      </Link>
      <header className="mt-4 flex flex-col items-center text-center sm:mt-6">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 text-3xl sm:text-5xl">{title}</h1>
        <div className="hairline mt-5 w-56" />
        <p className="mt-5 max-w-xl text-lg text-bone-muted italic">{children}</p>
      </header>
    </>
  );
}
