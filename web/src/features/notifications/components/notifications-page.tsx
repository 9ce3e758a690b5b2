import { CLOSING_NOTICE_MINUTES } from "@bm/shared";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageWait } from "../../../components/page-wait";
import { paths } from "../../../config/paths";
import { useUser } from "../../../hooks/use-auth";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useNotificationSettings } from "../api/get-notification-settings";
import { DeviceNotices } from "./device-notices";
import { EmailNotices } from "./email-notices";

/**
 * /notifications: which notices reach the member, by e-mail and on each device they allowed; `more`
 * is what the app places below them on the member's own page (their household).
 */
export function NotificationsPage({ more }: { more?: ReactNode } = {}) {
  useDocumentTitle("Notices");
  const user = useUser();
  const { data, error, refetch } = useNotificationSettings();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.sanctum.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> The Sanctum
      </Link>
      <header className="mt-4 flex flex-col items-center text-center sm:mt-6">
        <p className="eyebrow">Word from the House</p>
        <h1 className="mt-3 text-3xl sm:text-5xl">Notices</h1>
        <div className="hairline mt-5 w-56" />
        <p className="mt-5 max-w-xl text-lg text-bone-muted italic">
          The House can tell you when another bid passes yours, when a lot you watch or bid on closes in{" "}
          {CLOSING_NOTICE_MINUTES} minutes, and when you win. Choose what reaches you, and where.
        </p>
      </header>
      {!data ? (
        <PageWait
          error={error}
          onRetry={() => void refetch()}
          failed="Your notices could not be read. Try again shortly."
          reading="Reading your notices..."
        />
      ) : (
        <>
          <EmailNotices email={data.email} address={user?.email ?? null} />
          <DeviceNotices settings={data} />
          {more}
        </>
      )}
    </main>
  );
}
