import type { NoticeChoices } from "@bm/shared";
import { useSaveEmailNotices } from "../api/save-email-notices";
import { NoticeKinds, SaveState } from "./notice-kinds";
import { NoticesSection } from "./notices-section";

/** "By e-mail": the three kinds, each saved as it is ticked (a win's e-mail is always sent: it carries the claim). */
export function EmailNotices({ email, address }: { email: NoticeChoices; address: string | null }) {
  const save = useSaveEmailNotices();
  return (
    <NoticesSection id="notices-email" title="By e-mail">
      <p className="mt-2 text-base break-words text-bone-muted">
        {address ? (
          <>
            Sent to <span className="text-bone">{address}</span>.
          </>
        ) : (
          "Sent to the address you sign in with."
        )}
      </p>
      <NoticeKinds
        legend="Notices to send"
        choices={email}
        onChange={(choices) => save.mutate({ ...choices, won: true })}
        always={{ won: "Always sent: the e-mail of a win carries the link to claim your lot." }}
      />
      <SaveState status={save.status} />
    </NoticesSection>
  );
}
