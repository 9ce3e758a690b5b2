import { Link, useNavigate } from "react-router-dom";
import { buttonClass } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { useDocumentTitle } from "../../lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Lost");
  const navigate = useNavigate();
  return (
    <main className="relative flex flex-1 flex-col items-center justify-center overflow-hidden px-4 py-20 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 h-[30rem] w-[30rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(circle,rgb(140_26_34/0.25),transparent_65%)]"
      />
      <h1 className="relative font-display text-[6.5rem] leading-none font-bold tracking-[0.12em] text-blood-bright [text-shadow:0_0_30px_rgb(181_42_50/0.6),0_0_80px_rgb(140_26_34/0.4)] sm:text-[10rem]">
        4o4
      </h1>
      <div className="hairline relative mt-6 w-48" />
      <p className="relative mt-6 max-w-md text-xl text-bone-muted italic sm:text-2xl">
        the page you seek has been lost to the darkness...
      </p>
      <Link to={paths.home.href()} className={buttonClass("outline", "relative mt-10")}>
        Return to the light
      </Link>
      <button
        type="button"
        onClick={() => navigate(paths.void.href())}
        className="relative mt-16 px-3 py-2 font-display text-[0.75rem] tracking-[0.4em] text-ink-700 uppercase transition-colors duration-1000 hover:text-ink-600 focus-visible:text-bone-faint"
      >
        or step into the void
      </button>
    </main>
  );
}
