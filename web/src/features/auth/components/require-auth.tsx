import { lazy, type ReactNode, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { FullScreenLoader } from "../../../components/ui/spinner";
import { useAuthStatus } from "../../../hooks/use-auth";

/**
 * The sign-in's steps (about 4 kB compressed): fetched only when a visitor who is not signed in
 * opens a member's page, not by every member's first visit (/enter has them in its own code).
 */
const EntryPortal = lazy(() => import("./entry-portal").then((m) => ({ default: m.EntryPortal })));

/** Protected pages: a spinner while the signed-in state loads, the entry page when signed out. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useAuthStatus();
  if (status === "loading") return <FullScreenLoader />;
  if (status === "unauthenticated")
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <EntryPortal />
      </Suspense>
    );
  return children ?? <Outlet />;
}
