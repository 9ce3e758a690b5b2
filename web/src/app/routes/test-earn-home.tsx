import { useUser } from "../../features/auth";
import { ChallengeIndex } from "../../features/challenges";
import { useDocumentTitle } from "../../lib/use-document-title";
import { NotFoundPage } from "./not-found";

/**
 * /testearnhome, for staff and admins: it would reveal future challenges, so others see the 4o4
 * page (and so does anyone the server refuses).
 */
export function TestEarnHomePage() {
  useDocumentTitle("All Puzzles & Trials");
  const user = useUser();
  const notFound = <NotFoundPage />;
  if (!user?.isStaff && !user?.isAdmin) return notFound;
  return <ChallengeIndex refused={notFound} />;
}
