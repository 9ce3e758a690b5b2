import { roman } from "@bm/shared";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { messageOf } from "../../../lib/api";
import { type SiteAnswer, useSite } from "../../../lib/site";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** The frame of the House's written pages: the way back, then the heading and what the page is for. */
export function LegalPage({
  back,
  eyebrow,
  title,
  intro,
  children,
}: {
  back: { to: string; label: string };
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-4 pb-20 sm:px-6 sm:pt-10">
      <Link to={back.to} className="link-quiet inline-flex min-h-11 items-center gap-2 text-base">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <header className="mt-2 flex flex-col items-center text-center sm:mt-6">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 text-3xl sm:text-5xl">{title}</h1>
        <div className="hairline mt-5 w-56" />
        {intro && <div className="mt-5 max-w-2xl text-lg leading-relaxed text-bone-muted italic">{intro}</div>}
      </header>
      {children}
    </main>
  );
}

export interface LegalSectionHead {
  id: string;
  title: string;
}

/** "On this page": a numbered way to each section (a long page on a phone). */
export function LegalContents({ sections }: { sections: readonly LegalSectionHead[] }) {
  return (
    <nav aria-labelledby="legal-contents" className="mt-10 border border-gold/20 bg-ink-950/40 px-5 py-5 sm:px-7">
      <h2 id="legal-contents" className="eyebrow">
        On this page
      </h2>
      <ol className="mt-3 grid gap-1 sm:grid-cols-2 sm:gap-x-8">
        {sections.map((section, index) => (
          <li key={section.id} className="flex items-baseline gap-3">
            <span aria-hidden="true" className="w-6 shrink-0 font-display text-sm text-gold">
              {roman(index + 1)}
            </span>
            <a href={`#${section.id}`} className="link-quiet inline-flex min-h-10 items-center text-base sm:min-h-9">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** One section of a written page, numbered as the contents number it. */
export function LegalSection({
  head,
  number,
  children,
}: {
  head: LegalSectionHead;
  number: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={head.id} className="mt-12 scroll-mt-24">
      <h2 id={head.id} className="flex items-baseline gap-3 text-2xl sm:text-3xl">
        <span aria-hidden="true" className="font-display text-base text-blood-bright">
          {roman(number)}.
        </span>
        {head.title}
      </h2>
      <div className="mt-4 flex flex-col gap-4 text-lg leading-relaxed text-bone-muted">{children}</div>
    </section>
  );
}

/** A list of a written page, marked with the House's star. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="flex flex-col gap-3">{children}</ul>;
}

export function LegalItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden="true" className="pt-0.5 text-base text-gold">
        ✦
      </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** The support address as a mail link. */
export function SupportLink({ site }: { site: SiteAnswer }) {
  return (
    <a className="link-quiet break-all text-bone" href={`mailto:${site.supportEmail}`}>
      {site.supportEmail}
    </a>
  );
}

/**
 * The page's words once the server's facts are known (the support address, the delays, the
 * dates): they are never guessed, so the page waits for them, briefly.
 */
export function WithSite({ children }: { children: (site: SiteAnswer) => ReactNode }) {
  const { data, error, refetch } = useSite();
  if (data) return <>{children(data)}</>;
  if (error) {
    return (
      <div className="mt-12 flex flex-col items-center gap-4 text-center">
        <p role="alert" className="max-w-md text-lg text-bone-muted italic">
          {messageOf(error, "This page could not be read. Try again shortly.")}
        </p>
        <Button variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="mt-12 flex flex-col items-center gap-3">
      <Spinner className="h-8 w-8" />
      <span className="text-base text-bone-faint italic">Opening the House's book...</span>
    </div>
  );
}
