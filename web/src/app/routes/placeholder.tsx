import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button";
import { Sigil } from "../../components/ui/sigil";
import { paths } from "../../config/paths";
import { useDocumentTitle } from "../../lib/use-document-title";

/** An honest stand-in for a page still being built: its name, and the way back. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <Sigil className="h-20 w-20 opacity-50" />
      <p className="eyebrow mt-6">Sealed chamber</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">{title}</h1>
      <div className="hairline mt-6 w-40" />
      <p className="mt-6 max-w-md text-lg text-bone-muted italic">This chamber is still being prepared.</p>
      <p className="mt-1 max-w-md text-base text-bone-faint">Its doors will open in a later hour.</p>
      <Link to={paths.sanctum.href()} className={buttonClass("outline", "mt-10")}>
        Return to the Sanctum
      </Link>
    </main>
  );
}
