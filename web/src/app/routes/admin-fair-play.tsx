import { useParams } from "react-router-dom";
import { FlagPage, FlagQueuePage } from "../../features/admin-fair-play";

/** /admin/fair-play */
export const AdminFairPlayPage = FlagQueuePage;

/** /admin/fair-play/{id} */
export function AdminFairPlayFlagRoute() {
  const { id = "" } = useParams();
  return <FlagPage key={id} id={Number(id) || 0} />;
}
