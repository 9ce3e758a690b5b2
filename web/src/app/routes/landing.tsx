import { Link } from "react-router-dom";
import { Button, buttonClass } from "../../components/ui/button";
import { Candle } from "../../components/ui/candle";
import { Sigil, Wordmark } from "../../components/ui/sigil";
import { paths } from "../../config/paths";
import { useUser } from "../../features/auth";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useLeave } from "../hooks/use-leave";

export function LandingPage() {
  useDocumentTitle();
  const user = useUser();
  const leave = useLeave();

  return (
    <main className="relative flex flex-1 flex-col items-center justify-center overflow-hidden px-4 py-14 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 h-[38rem] w-[38rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(circle,rgb(140_26_34/0.22),transparent_65%)]"
      />
      <div className="relative flex items-end justify-center gap-6 sm:gap-12">
        <Candle className="mb-2 h-24 w-8 sm:h-32 sm:w-10" />
        <Sigil
          animated
          title="The sigil of the Black Market"
          className="h-36 w-36 drop-shadow-[0_0_24px_rgb(181_42_50/0.35)] sm:h-48 sm:w-48"
        />
        <Candle className="mb-2 h-24 w-8 sm:h-32 sm:w-10" delay={1.3} />
      </div>

      <h1 className="relative mt-8 animate-rise">
        <Wordmark size="lg" />
      </h1>
      <div className="hairline relative mt-7 w-56 sm:w-72" />
      <p className="relative mt-5 max-w-lg text-lg text-bone-muted italic sm:text-xl">
        An auction of rare and forbidden things, for those who were invited.
      </p>
      <p className="relative mt-2 font-display text-[0.75rem] tracking-[0.34em] text-gold-dim uppercase">
        {/* No dates here: a visitor cannot read the lots, and fixed ones would contradict them. */}
        Four nights of auction
      </p>

      <div className="relative mt-10 flex flex-col items-center gap-3">
        <Link to={user ? paths.sanctum.href() : paths.enter.href()} className={buttonClass("primary", "px-8 py-3.5")}>
          strictly no admittance
        </Link>
        {user && (
          <Button variant="ghost" onClick={() => void leave()}>
            Log Out
          </Button>
        )}
      </div>
    </main>
  );
}
