import type { ReactNode } from "react";
import { Link, Outlet } from "react-router-dom";
import { Sigil } from "../../../components/ui/sigil";
import { paths } from "../../../config/paths";
import { useUser } from "../../../hooks/use-auth";

/**
 * The admin area, for operators only. The server enforces it too; this only spares others a page
 * of failing calls.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const isAdmin = useUser()?.isAdmin ?? false;
  if (!isAdmin) return <AccessDenied />;
  return children ?? <Outlet />;
}

function AccessDenied() {
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <Sigil className="h-16 w-16 opacity-70" />
      <h1 className="mt-6 text-2xl text-blood-bright sm:text-3xl">Access Denied</h1>
      <p className="mt-3 text-lg text-bone-muted">This area is restricted. Only authorized personnel may enter.</p>
      <Link to={paths.sanctum.href()} className="btn btn-outline mt-8">
        Return to the Sanctum
      </Link>
    </main>
  );
}
