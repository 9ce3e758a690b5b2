import { type ChallengeType, formatTime } from "@bm/shared";
import { type AdminChallenge, adminChallengeListQuery } from "@bm/shared/admin";
import { Link } from "react-router-dom";
import {
  ActiveBadge,
  ErrorNote,
  FilterBar,
  FilterText,
  formatCalendarDate,
  LoadingNote,
  Pager,
  useListParams,
} from "../../../components/admin";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { typeNoun } from "../api/challenge-keys";
import { useAdminChallenges } from "../api/get-admin-challenges";
import { isVideo } from "../lib/image-file";

/** Content Management's Puzzles and Tasks tabs: a card per challenge, each opening its page. */
export function ChallengeCardsTab({ type }: { type: ChallengeType }) {
  const { query, update } = useListParams(adminChallengeListQuery);
  const list = useAdminChallenges({ ...query, type });
  const noun = typeNoun(type);
  const plural = type === "puzzle" ? "puzzles" : "trials";
  const createHref = type === "puzzle" ? paths.adminPuzzleNew.href() : paths.adminTrialNew.href();

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 max-w-lg flex-1">
          <FilterBar label={`Filter ${plural}`}>
            <FilterText
              label="Search"
              placeholder="Title or address"
              value={query.q}
              onChange={(q) => update({ q }, { replace: true })}
            />
          </FilterBar>
        </div>
        <Link to={createHref} className="btn btn-primary mb-4">
          Create {noun}
        </Link>
      </div>
      {list.isError && !list.data ? (
        <ErrorNote
          message={messageOf(list.error, `The ${plural} could not be read.`)}
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <LoadingNote text={`Summoning the ${plural}...`} />
      ) : list.data.items.length === 0 ? (
        <p className="py-10 text-center text-lg text-bone-muted italic">No {plural} found.</p>
      ) : (
        <>
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy={list.isPlaceholderData || undefined}>
            {list.data.items.map((challenge) => (
              <li key={challenge.id}>
                <ChallengeCard challenge={challenge} />
              </li>
            ))}
          </ul>
          <Pager
            label={`${noun} pages`}
            page={query.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
    </div>
  );
}

/** Title, date, image, description, '{credits} MPC Credits', Active/Inactive: the whole card is the link. */
function ChallengeCard({ challenge }: { challenge: AdminChallenge }) {
  const href = challenge.type === "puzzle" ? paths.adminPuzzle.href(challenge.id) : paths.adminTrial.href(challenge.id);
  const image = challenge.imageUrl ?? challenge.imageUrls?.[0] ?? null;
  return (
    <article className="panel group relative flex h-full flex-col overflow-hidden transition-colors focus-within:border-gold-bright hover:border-gold/60">
      <div className="aspect-[16/9] overflow-hidden border-b border-gold/15 bg-ink-950">
        {image && !isVideo(image) ? (
          <img
            src={image}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover opacity-90 transition-opacity group-hover:opacity-100"
          />
        ) : (
          <div className="flex h-full items-center justify-center font-display text-[0.75rem] tracking-[0.24em] text-bone-faint uppercase">
            {image ? "Video" : "No image"}
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="eyebrow">{challenge.label}</p>
        <h3 className="text-lg leading-snug">
          <Link to={href} className="after:absolute after:inset-0 after:content-['']">
            {challenge.title}
          </Link>
        </h3>
        <p className="text-sm text-bone-muted">
          {formatCalendarDate(challenge.date)} · unlocks {formatTime(challenge.unlocksAt)}
        </p>
        <p className="line-clamp-3 text-base text-bone-muted">{challenge.description}</p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <span className="font-display text-base text-gold-bright lining-nums">{challenge.credits} MPC Credits</span>
          <ActiveBadge active={challenge.isActive} />
        </div>
      </div>
    </article>
  );
}
