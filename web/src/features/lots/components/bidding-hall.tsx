import { AUCTION_DAYS, formatDayLabel, type LotAnswer } from "@bm/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { PausedNote } from "../../../components/paused-note";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import { paths } from "../../../config/paths";
import { creditsFromCents } from "../../../lib/format";
import { useServerNow } from "../../../lib/server-clock";
import { lotsQueryOptions } from "../api/get-lots";
import { useWatchlist } from "../api/get-watchlist";
import { useLotList } from "../hooks/use-lot-list";
import { useWonLots } from "../hooks/use-won-lots";
import { eventSpan } from "../lib/event-span";
import { lotPhase } from "../lib/lot-phase";
import { AcquiredArtifacts } from "./acquired-artifacts";
import { BiddingInstructions } from "./bidding-instructions";
import { CompletedLots } from "./completed-lots";
import { EmptyNote } from "./empty-note";
import { LotCard } from "./lot-card";
import { LotCarousel } from "./lot-carousel";

type HallTab = "active" | "instructions" | "watchlist" | "acquired";

interface BiddingHallProps {
  /** False while the gate is still shut: nothing is loaded or shown. */
  enabled: boolean;
  /** The member's available credits in cents, null while unknown. */
  availableCents: number | null;
}

/** /auctions: the hall's header, its four tabs, then the completed lots. */
export function BiddingHall({ enabled, availableCents }: BiddingHallProps) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-5 pb-16 sm:px-6 sm:pt-14">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">
          <EventSpan />
        </p>
        <h1 className="mt-2 text-3xl sm:mt-3 sm:text-5xl">The Bidding Hall</h1>
        <div className="hairline mt-3 w-56 sm:mt-5" />
        {/* On a phone the lots come first: the welcome line waits for wider screens. */}
        <p className="mt-4 hidden max-w-xl text-lg text-bone-muted italic sm:block">
          Thirty artifacts surface over four nights. Bid with dollars and credits; the highest offer at the close claims
          the lot.
        </p>
      </header>
      {enabled ? (
        <HallBody availableCents={availableCents} />
      ) : (
        <div className="mt-12">
          <EmptyNote>The hall is sealed. Speak the word to enter.</EmptyNote>
        </div>
      )}
    </main>
  );
}

/** "Four nights", and their dates once the lots are read. */
function EventSpan() {
  // Reads the hall's list as held; never asks for it (the gate may still be shut).
  const { data: lots = [] } = useQuery({ ...lotsQueryOptions(useQueryClient()), enabled: false });
  const span = eventSpan(lots);
  return <>{span ? `Four nights · ${span}` : "Four nights"}</>;
}

function HallBody({ availableCents }: { availableCents: number | null }) {
  const { lots, status, pollFailed, retry } = useLotList();
  const won = useWonLots();
  const watchlist = useWatchlist();
  const watchIds = watchlist.data;
  const [tab, setTab] = useState<HallTab>("active");

  const open = useMemo(() => lots.filter((lot) => !lot.isClosed), [lots]);
  const closed = useMemo(
    () =>
      lots
        .filter((lot) => lot.isClosed)
        .sort((a, b) => Date.parse(b.closesAt) - Date.parse(a.closesAt) || b.lotNumber - a.lotNumber),
    [lots],
  );
  const watched = useMemo(() => (watchIds ? lots.filter((lot) => watchIds.includes(lot.id)) : []), [lots, watchIds]);
  // The watchlist tab waits for the lots and for the list of those watched.
  const watchStatus = status !== "ready" ? status : watchIds ? "ready" : watchlist.isError ? "error" : "loading";

  const items = [
    { key: "active" as const, label: "Active Auctions" },
    { key: "instructions" as const, label: "Bidding Instructions" },
    { key: "watchlist" as const, label: "Watchlist", badge: watched.length > 0 ? watched.length : undefined },
    { key: "acquired" as const, label: "Acquired Artifacts", badge: won.lots.length > 0 ? won.lots.length : undefined },
  ];

  const now = useServerNow(30_000);
  const openNow = open.filter((lot) => lotPhase(lot, now) === "open").length;

  return (
    <>
      <HallStats
        availableCents={availableCents}
        openNow={status === "ready" ? openNow : null}
        watching={watchIds ? watched.length : null}
      />
      <div className="mt-4 flex justify-center">
        <PausedNote failed={pollFailed} />
      </div>
      <Tabs
        className="mt-5 sm:mt-10"
        items={items}
        value={tab}
        onValueChange={setTab}
        label="Bidding Hall"
        gridOnPhones
      >
        {tab === "active" && (
          <LotsGate status={status} onRetry={retry}>
            <ActiveLots lots={open} />
          </LotsGate>
        )}
        {tab === "instructions" && <BiddingInstructions />}
        {tab === "watchlist" && (
          <LotsGate
            status={watchStatus}
            onRetry={status === "error" ? retry : () => void watchlist.refetch()}
            failure={status === "error" ? undefined : "Your watchlist could not be read."}
          >
            <LotGrid
              lots={watched}
              empty="Your watchlist is empty. Touch the eye on any lot to keep it close."
              label="Watched lots"
            />
          </LotsGate>
        )}
        {tab === "acquired" && <AcquiredArtifacts lots={won.lots} status={won.status} />}
      </Tabs>

      <section aria-labelledby="completed-lots" className="mt-16">
        <div className="flex flex-col items-center text-center">
          <p className="eyebrow">Sealed by the hammer</p>
          <h2 id="completed-lots" className="mt-2 text-2xl sm:text-3xl">
            Completed Lots
          </h2>
          <div className="hairline mt-4 w-40" />
        </div>
        <LotsGate status={status} onRetry={retry}>
          <CompletedLots lots={closed} />
        </LotsGate>
      </section>
    </>
  );
}

function HallStats({
  availableCents,
  openNow,
  watching,
}: {
  availableCents: number | null;
  openNow: number | null;
  /** Null while the watchlist is read. */
  watching: number | null;
}) {
  const stats: Array<[string, string]> = [
    ["Available credits", availableCents === null ? "…" : creditsFromCents(availableCents)],
    ["Lots open now", openNow === null ? "…" : String(openNow)],
    ["Watching", watching === null ? "…" : String(watching)],
  ];
  return (
    <div className="mt-4 flex flex-col items-center gap-3 sm:mt-8 sm:gap-4">
      <dl className="grid w-full max-w-2xl grid-cols-3 divide-x divide-gold/15 border-y border-gold/15">
        {stats.map(([label, value]) => (
          <div key={label} className="flex flex-col items-center px-2 py-2 text-center sm:py-3">
            <dt className="font-display text-[0.75rem] tracking-[0.22em] text-bone-faint uppercase sm:text-[0.75rem]">
              {label}
            </dt>
            <dd className="mt-1 font-display text-lg text-gold-bright lining-nums tabular-nums sm:text-xl">{value}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label="Elsewhere in the House" className="flex flex-wrap justify-center gap-x-6 gap-y-1 text-base">
        <Link to={paths.auctionHub.href()} className="link-quiet">
          The live Exhibition
        </Link>
        <Link to={paths.auctionHistory.href()} className="link-quiet">
          The Archive
        </Link>
      </nav>
    </div>
  );
}

function ActiveLots({ lots }: { lots: LotAnswer[] }) {
  const groups = AUCTION_DAYS.map((day) => ({ day, lots: lots.filter((lot) => lot.day === day) })).filter(
    (group) => group.lots.length > 0,
  );
  if (groups.length === 0) {
    return <EmptyNote>Every lot has been sealed. The Completed Lots below keep the record of who won what.</EmptyNote>;
  }
  return (
    <div className="flex flex-col gap-12">
      {groups.map((group) => (
        <LotCarousel
          key={group.day}
          // The label follows the night's date, whatever the `day` field calls it.
          day={group.lots[0] ? formatDayLabel(group.lots[0].opensAt) : group.day}
          dateLine={null}
          lots={group.lots}
        />
      ))}
    </div>
  );
}

function LotGrid({ lots, empty, label }: { lots: LotAnswer[]; empty: string; label: string }) {
  if (lots.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {lots.map((lot) => (
        <li key={lot.id} className="min-w-0">
          <LotCard lot={lot} />
        </li>
      ))}
    </ul>
  );
}

/** Loading and failure of the lot list, around whatever needs it. */
interface LotsGateProps {
  status: "idle" | "loading" | "ready" | "error";
  onRetry: () => void;
  /** What failed, when it was not the lots (the default). */
  failure?: string;
  children: ReactNode;
}

function LotsGate({ status, onRetry, failure = "The ledger of lots could not be read.", children }: LotsGateProps) {
  if (status === "ready") return <>{children}</>;
  if (status === "error") {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-lg text-bone-muted italic">{failure}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
      <Spinner className="h-8 w-8" />
      <p className="font-display text-xs tracking-[0.3em] text-bone-faint uppercase">Summoning the lots...</p>
    </div>
  );
}
