import { CLOSING_NOTICE_MINUTES } from "@bm/shared";
import type { ReactNode } from "react";
import { MemberPageHeader } from "../../../components/member-page-header";
import { PageWait } from "../../../components/page-wait";
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
      <MemberPageHeader eyebrow="Word from the House" title="Notices">
        The House can tell you when another bid passes yours, when a lot you watch or bid on closes in{" "}
        {CLOSING_NOTICE_MINUTES} minutes, and when you win. Choose what reaches you, and where.
      </MemberPageHeader>
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
