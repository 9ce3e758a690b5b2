import { CHALLENGE_REDIRECT_DELAY_MS, SpecialTrialMessages } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { refreshChallenges, useCovenantQuery } from "../api/seal";
import { CovenantContract } from "./covenant-contract";

const CLAUSES = [
  "The undersigned surrenders their soul to the Black Market, to be held in its vault for as long as the market stands.",
  "Only one soul may sign this covenant. Once sealed, it is closed to every other hand.",
  "The undersigned signs with their true and full name. Contracts without a real name are void, and their credits are forfeited.",
  "In exchange the House grants the undersigned the credits named below, once, and never again.",
];

function Notice({ children, tone = "gold" }: { children: React.ReactNode; tone?: "gold" | "blood" }) {
  return (
    <p
      role="status"
      className={
        tone === "blood"
          ? "border border-blood-bright/40 bg-blood-deep/30 px-4 py-3 text-base text-bone"
          : "border border-gold/40 bg-ink-950/60 px-4 py-3 text-base text-bone"
      }
    >
      {children}
    </p>
  );
}

/** /contract/covenant: The Covenant of One (spec 001 sections 4 and 5), one soul, 200 credits. */
export function CovenantPage() {
  useDocumentTitle("The Covenant of One");
  const query = useCovenantQuery();
  const trial = query.data;
  const navigate = useNavigate();
  const client = useQueryClient();
  const [sealed, setSealed] = useState(false);

  // Sealed: on to Harvest Credits after 2 s (spec section 4); the standing is asked again on the way out.
  useEffect(() => {
    if (!sealed) return;
    const timer = setTimeout(() => navigate(paths.earnCredits.href()), CHALLENGE_REDIRECT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      refreshChallenges(client);
    };
  }, [sealed, navigate, client]);

  let body: React.ReactNode;
  if (sealed) {
    body = <Notice>The contract is sealed. Your soul has been claimed. Returning you to Harvest Credits...</Notice>;
  } else if (query.isError) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Notice>The covenant is not yet unsealed. Return when its day has come.</Notice>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <Notice tone="blood">The covenant could not be summoned.</Notice>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      );
  } else if (!trial) {
    body = (
      <div role="status" className="flex items-center gap-3 text-bone-faint">
        <Spinner className="h-5 w-5" /> Unrolling the covenant...
      </div>
    );
  } else if (trial.attempt === "completed") {
    body = <Notice>Your covenant is already fulfilled. Your soul belongs to the market.</Notice>;
  } else if (trial.won) {
    body = <Notice tone="blood">{SpecialTrialMessages.covenantClaimed}</Notice>;
  } else if (trial.status !== "open" || trial.attempt !== "none") {
    body = <Notice>The covenant no longer takes signatures.</Notice>;
  } else {
    body = <CovenantContract credits={trial.credits} onSealed={() => setSealed(true)} />;
  }

  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.earnCredits.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> Harvest Credits
      </Link>
      <article className="panel mt-6 flex flex-col gap-6 p-5 sm:p-8">
        <span className="panel-corners" aria-hidden="true" />
        <header className="flex flex-col gap-2 text-center">
          <p className="eyebrow">A contract of the Black Market</p>
          <h1 className="text-3xl leading-tight sm:text-4xl">The Covenant of One</h1>
          <p className="text-base text-bone-muted italic">
            {trial ? `${trial.credits} MPC credits to the one soul who seals it.` : "One soul. One exchange."}
          </p>
        </header>
        <ol className="flex list-decimal flex-col gap-3 pl-6 text-lg text-bone marker:text-gold">
          {CLAUSES.map((clause) => (
            <li key={clause}>{clause}</li>
          ))}
        </ol>
        {body}
      </article>
    </main>
  );
}
