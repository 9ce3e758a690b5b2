import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { useUser } from "../../features/auth";
import { GateDialog } from "../../features/gate";
import { useHeldLots } from "../../features/lots/api/use-held-lots";
import { eventSpan } from "../../features/lots/lib/event-span";
import { AdminNote, BiddingHallCard, ChamberCard, FlameIcon, SanctumExplainer, TomeIcon } from "../../features/sanctum";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useBiddingGate } from "../hooks/use-bidding-gate";

export function SanctumPage() {
  useDocumentTitle("The Sanctum");
  const user = useUser();
  const navigate = useNavigate();
  const gate = useBiddingGate();
  // The event's dates from the lots, when this visit has read them (the hall, a lot); none otherwise.
  const lots = useHeldLots();
  const span = eventSpan(lots);
  const firstOpensAt = lots.reduce<string | null>((a, l) => (a === null || l.opensAt < a ? l.opensAt : a), null);
  const [asking, setAsking] = useState(false);
  const goToHall = () => navigate(paths.biddingHall.href());

  function onEnterHall() {
    // The server says who may pass: members who gave the word once (on any device), staff, admins.
    if (gate.open) goToHall();
    else setAsking(true);
  }

  const greeting = user?.firstName ? `Welcome back, ${user.firstName}` : "Welcome, seeker";

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">{greeting}</p>
        <h1 className="mt-3 text-4xl sm:text-5xl">The Sanctum</h1>
        <div className="hairline mt-5 w-56" />
        <p className="mt-4 max-w-xl text-lg text-bone-muted italic">Three doors stand before you. Choose wisely.</p>
      </header>

      <div className="mt-12 grid gap-5 md:grid-cols-3">
        <BiddingHallCard onEnter={onEnterHall} opensAt={firstOpensAt} />
        <ChamberCard
          numeral="II"
          title="Forbidden Catalogue"
          blurb="Curiosities held back from the shop floor. Some may be had for credits alone."
          icon={<TomeIcon className="h-14 w-14" />}
          to={paths.catalogue.href()}
          cta="Open the catalogue"
        />
        <ChamberCard
          numeral="III"
          title="Earn Extra Credits"
          blurb="Daily puzzles and trials. Solve them and the House rewards you with credits."
          icon={<FlameIcon className="h-14 w-14" />}
          to={paths.earnCredits.href()}
          cta="Face the trials"
        />
      </div>

      <SanctumExplainer span={span} />
      <AdminNote isAdmin={user?.isAdmin ?? false} />

      <footer className="mt-14 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-base">
        <Link className="link-quiet" to={paths.privacy.href()}>
          Privacy Policy
        </Link>
        <span aria-hidden="true" className="text-gold-dim">
          ✦
        </span>
        <Link className="link-quiet" to={paths.terms.href()}>
          Terms & Conditions
        </Link>
        <span aria-hidden="true" className="text-gold-dim">
          ✦
        </span>
        <Link className="link-quiet" to={paths.faq.href()}>
          FAQ
        </Link>
      </footer>

      <GateDialog
        open={asking}
        onDismiss={() => setAsking(false)}
        onGranted={() => {
          gate.granted();
          setAsking(false);
          goToHall();
        }}
      />
    </main>
  );
}
