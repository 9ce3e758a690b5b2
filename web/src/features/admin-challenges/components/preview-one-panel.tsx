import type { AdminChallenge } from "@bm/shared/admin";
import { useState } from "react";
import { Link } from "react-router-dom";
import { AdminSection, ErrorNote, formatInstant, LoadingNote } from "../../../components/admin";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { usePreviewOne } from "../api/get-preview-one";
import { secondBefore, toNewYorkIso } from "../lib/ny-instant";
import { InstantPicker } from "./instant-picker";
import { PreviewVerdict } from "./preview-verdict";

/**
 * 'Preview as a member': what the challenge's page shows a member at a chosen instant (visible,
 * or hidden with the member's message), asked of the server, which decides it as it will then.
 */
export function PreviewOnePanel({ challenge }: { challenge: AdminChallenge }) {
  const [at, setAt] = useState<string | null>(null);
  const preview = usePreviewOne(challenge.type, challenge.urlSlug, at);
  const unlock = toNewYorkIso(challenge.unlocksAt);

  return (
    <AdminSection
      title="Preview as a member"
      description={`Unlocks ${formatInstant(challenge.unlocksAt)}. Pick an instant to see this page as a member would.`}
    >
      <InstantPicker
        initial={at ?? unlock}
        quick={[
          { label: "at unlock − 1 s", at: secondBefore(challenge.unlocksAt) },
          { label: "at unlock", at: unlock },
        ]}
        onPick={setAt}
      />
      <div className="mt-5" aria-live="polite">
        {at === null ? (
          <p className="text-base text-bone-faint italic">Choose an instant, or a shortcut.</p>
        ) : preview.isError ? (
          <ErrorNote
            message={messageOf(preview.error, "The preview could not be made.")}
            onRetry={() => void preview.refetch()}
          />
        ) : !preview.data ? (
          <LoadingNote text="Looking through a member's eyes..." />
        ) : (
          <PreviewVerdict answer={preview.data} />
        )}
      </div>
      {at !== null && (
        <Link to={paths.adminPreview.href(at)} className="link-quiet mt-4 inline-block text-base">
          See the whole calendar at this instant <span aria-hidden="true">→</span>
        </Link>
      )}
    </AdminSection>
  );
}
