import type { AdminChallenge } from "@bm/shared/admin";
import { AdminSection, formatInstant } from "../../../components/admin";
import { memberAddress } from "./challenge-form";

/** Where the challenge lives, when it unlocks, and how it has been played so far. */
export function ChallengeFacts({ challenge }: { challenge: AdminChallenge }) {
  const address = memberAddress(challenge.type, challenge.urlSlug);
  return (
    <AdminSection title="In the calendar">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-base">
        <dt className="text-bone-faint">Address</dt>
        <dd className="min-w-0 break-all">
          <a href={address} target="_blank" rel="noreferrer" className="link-quiet">
            {address}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </dd>
        <dt className="text-bone-faint">Slug</dt>
        <dd className="font-mono text-sm break-all text-bone">{challenge.urlSlug}</dd>
        <dt className="text-bone-faint">Place</dt>
        <dd className="text-bone">
          {challenge.label} · #{challenge.id}
        </dd>
        <dt className="text-bone-faint">Unlocks</dt>
        <dd className="text-bone">{formatInstant(challenge.unlocksAt)}</dd>
        <dt className="text-bone-faint">Completions</dt>
        <dd className="font-display text-lg text-gold-bright lining-nums">{challenge.completions}</dd>
        <dt className="text-bone-faint">Failures</dt>
        <dd className="font-display text-lg text-blood-bright lining-nums">{challenge.failures}</dd>
        <dt className="text-bone-faint">Created</dt>
        <dd className="text-bone">{formatInstant(challenge.createdAt)}</dd>
      </dl>
      {challenge.imageUrls && challenge.imageUrls.length > 0 && (
        <p className="mt-4 text-sm text-bone-faint">
          It shows {challenge.imageUrls.length} images in turn; they are kept as they are when you save.
        </p>
      )}
    </AdminSection>
  );
}
