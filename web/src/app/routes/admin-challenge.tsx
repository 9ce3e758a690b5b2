import type { ChallengeType } from "@bm/shared";
import { useParams } from "react-router-dom";
import { ChallengeEditorPage } from "../../features/admin-challenges";

/** The id of /admin/{type}/{id}: a positive whole number, or NaN (the page says 'not found'). */
function useChallengeId(): number {
  const { id = "" } = useParams();
  return /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
}

function Existing({ type }: { type: ChallengeType }) {
  const id = useChallengeId();
  return <ChallengeEditorPage key={`${type}-${id}`} type={type} id={id} />;
}

/** /admin/puzzle/{id} */
export function PuzzleEditorRoute() {
  return <Existing type="puzzle" />;
}
/** /admin/trial/{id} */
export function TrialEditorRoute() {
  return <Existing type="task" />;
}
/** /admin/puzzle/new */
export function NewPuzzleRoute() {
  return <ChallengeEditorPage key="puzzle-new" type="puzzle" id={null} />;
}
/** /admin/trial/new */
export function NewTrialRoute() {
  return <ChallengeEditorPage key="task-new" type="task" id={null} />;
}
