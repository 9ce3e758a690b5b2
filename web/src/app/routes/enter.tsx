import { Navigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { EntryPortal, useUser } from "../../features/auth";
import { useDocumentTitle } from "../../lib/use-document-title";

export function EnterPage() {
  useDocumentTitle("Enter");
  const user = useUser();
  if (user) return <Navigate to={paths.sanctum.href()} replace />;
  return <EntryPortal />;
}
