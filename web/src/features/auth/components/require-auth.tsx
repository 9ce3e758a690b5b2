import type { ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { FullScreenLoader } from "../../../components/ui/spinner";
import { useAuthStatus } from "../hooks/use-auth";
import { EntryPortal } from "./entry-portal";

/** Protected pages: a spinner while the signed-in state loads, the entry page when signed out. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useAuthStatus();
  if (status === "loading") return <FullScreenLoader />;
  if (status === "unauthenticated") return <EntryPortal />;
  return children ?? <Outlet />;
}
