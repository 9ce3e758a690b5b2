import type { ChallengeType } from "@bm/shared";
import { AdminMessages } from "@bm/shared/admin";
import { Link, useNavigate } from "react-router-dom";
import { AdminPage, AdminSection, ErrorNote, LoadingNote } from "../../../components/admin";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { typeNoun } from "../api/challenge-keys";
import { useAdminChallenge } from "../api/get-admin-challenge";
import { ChallengeFacts } from "./challenge-facts";
import { ChallengeForm } from "./challenge-form";
import { PreviewOnePanel } from "./preview-one-panel";

interface ChallengeEditorPageProps {
  type: ChallengeType;
  /** The challenge's id (NaN when the address holds none); null for /admin/{type}/new. */
  id: number | null;
}

function editorHref(type: ChallengeType, id: number) {
  return type === "puzzle" ? paths.adminPuzzle.href(id) : paths.adminTrial.href(id);
}

/** Where Content Management lists this type. */
function listHref(type: ChallengeType) {
  return type === "puzzle" ? paths.adminList.href() : `${paths.adminList.href()}?tab=tasks`;
}

/**
 * /admin/puzzle/{id}, /admin/puzzle/new, /admin/trial/{id}, /admin/trial/new: the dashboard's form
 * as a page, with the challenge's address, its completions and failures, and a member's preview.
 */
export function ChallengeEditorPage({ type, id }: ChallengeEditorPageProps) {
  const navigate = useNavigate();
  // An address that cannot be an id is not asked for: it is simply not found.
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const query = useAdminChallenge(type, valid ? id : null);
  const noun = typeNoun(type);
  const back = (
    <Link to={listHref(type)} className="btn btn-outline">
      <span aria-hidden="true">←</span> Content Management
    </Link>
  );

  if (!valid) {
    return (
      <AdminPage title={`Edit ${noun}`} actions={back}>
        <ErrorNote message={type === "puzzle" ? AdminMessages.puzzleNotFound : AdminMessages.trialNotFound} />
      </AdminPage>
    );
  }
  if (id !== null && !query.data) {
    return (
      <AdminPage title={`Edit ${noun}`} actions={back}>
        {query.isError ? (
          <ErrorNote
            message={messageOf(query.error, `The ${noun.toLowerCase()} could not be read.`)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingNote text={`Summoning the ${noun.toLowerCase()}...`} />
        )}
      </AdminPage>
    );
  }

  const challenge = query.data ?? null;
  return (
    <AdminPage
      title={challenge ? `Edit ${noun}` : `New ${noun}`}
      lead={challenge ? challenge.title : `A new ${noun.toLowerCase()} for the calendar.`}
      actions={back}
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <AdminSection title={challenge ? "Its fields" : `The new ${noun.toLowerCase()}`}>
          <ChallengeForm
            key={challenge?.id ?? "new"}
            type={type}
            challenge={challenge}
            onSaved={(saved) => {
              if (!challenge) navigate(editorHref(type, saved.id), { replace: true });
            }}
            onCancel={() => navigate(listHref(type))}
          />
        </AdminSection>
        <div className="flex flex-col gap-6">
          {challenge ? (
            <>
              <ChallengeFacts challenge={challenge} />
              <PreviewOnePanel challenge={challenge} />
            </>
          ) : (
            <AdminSection title="Preview as a member">
              <p className="text-base text-bone-muted">
                Once it is created, its address, its plays and a member's preview at any instant show here.
              </p>
            </AdminSection>
          )}
        </div>
      </div>
    </AdminPage>
  );
}
