import type { ReactNode, Ref } from "react";

interface NoticesSectionProps {
  id: string;
  title: string;
  /** The heading takes focus when what the section shows changes under the member's hand. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One plate of the notices page: its heading, then what it holds. */
export function NoticesSection({ id, title, headingRef, children }: NoticesSectionProps) {
  return (
    <section aria-labelledby={id} className="panel mt-6 px-4 py-6 sm:mt-8 sm:px-8">
      <span className="panel-corners" aria-hidden="true" />
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl focus:outline-none focus-visible:shadow-none focus-visible:outline-none sm:text-3xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
