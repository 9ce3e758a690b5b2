import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { paths } from "../../config/paths";
import { cn } from "../../lib/cn";
import { useDocumentTitle } from "../../lib/use-document-title";

const adminLinks = [
  { to: paths.admin.href(), label: "Dashboard" },
  { to: paths.adminConsole.href(), label: "Console" },
  { to: paths.adminList.href(), label: "Content" },
  { to: paths.adminMembers.href(), label: "Members" },
  { to: paths.adminFairPlay.href(), label: "Fair Play" },
  { to: paths.summary.href(), label: "Activity Summary" },
  { to: paths.adminCharts.href(), label: "Charts" },
  { to: paths.adminPreview.href(), label: "Calendar Preview" },
  { to: paths.adminAttempts.href(), label: "Attempts" },
] as const;

interface AdminPageProps {
  title: string;
  /** A line under the heading: what the page is for. */
  lead?: ReactNode;
  /** Buttons or links beside the heading (Create, Back). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The operator's pages: the area's own navigation, an eyebrow, the page's heading and its actions. */
export function AdminPage({ title, lead, actions, children, className }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <main className={cn("mx-auto w-full max-w-7xl px-4 pt-4 pb-20 sm:px-6 sm:pt-8", className)}>
      <nav aria-label="Admin area" className="mb-6 overflow-x-auto">
        <ul className="flex gap-1 border-b border-gold/15 pb-px">
          {adminLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center px-3 font-display text-[0.75rem] tracking-[0.16em] whitespace-nowrap uppercase transition-colors",
                    isActive ? "text-gold-bright" : "text-bone-muted hover:text-bone",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="eyebrow">The Keeper's Chamber</p>
          <h1 className="mt-2 text-3xl sm:text-4xl">{title}</h1>
          {lead && <p className="mt-2 max-w-2xl text-base text-bone-muted">{lead}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </header>
      <div className="hairline mt-5 mb-6" />
      {children}
    </main>
  );
}

/** A titled block of an admin page. */
export function AdminSection({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("panel p-4 sm:p-6", className)} aria-label={title}>
      <span className="panel-corners" aria-hidden="true" />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-xl sm:text-2xl">{title}</h2>
          {description && <p className="mt-1 max-w-3xl text-base text-bone-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
