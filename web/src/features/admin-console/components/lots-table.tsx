import { formatTime } from "@bm/shared";
import type { ConsoleLot } from "@bm/shared/admin";
import { useMemo } from "react";
import { type AdminColumn, adminColumns, DataTable } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { usd } from "../../../lib/format";
import { CHIP_WORDS, type ChipState, chipState, claimExpired, type SortKey, timeLeft } from "../lib/console-words";
import type { LotActionKind } from "./lot-dialogs";

const CHIP_CLASS: Record<ChipState, string> = {
  open: "border-gold/60 text-gold-bright",
  paused: "border-blood-bright/70 text-blood-bright",
  upcoming: "border-bone-faint/60 text-bone-muted",
  closed: "border-bone-faint/40 text-bone-faint",
};

export function StatusChip({ lot }: { lot: ConsoleLot }) {
  const state = chipState(lot);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 border px-2 py-0.5 font-display text-[0.75rem] tracking-[0.14em] whitespace-nowrap uppercase",
        CHIP_CLASS[state],
      )}
    >
      <span
        aria-hidden="true"
        className={cn("h-1.5 w-1.5 rounded-full bg-current", state === "open" && "animate-pulse")}
      />
      {CHIP_WORDS[state]}
    </span>
  );
}

const dayOf = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric" });

/** The close: its New York time (the zone named), its day, the live countdown while it is ahead, whether it was moved. */
export function ClosesAt({ lot, now }: { lot: ConsoleLot; now: number }) {
  const live = lot.status !== "closed" && !lot.paused;
  return (
    <span className="flex flex-col whitespace-nowrap">
      <span>{formatTime(lot.closesAt)}</span>
      <span className="flex items-center gap-2 text-sm text-bone-muted">
        <span>{dayOf.format(new Date(lot.closesAt))}</span>
        {live && <span className="lining-nums tabular-nums text-bone">{timeLeft(lot.closesAt, now)}</span>}
        {lot.extended && (
          <span className="border border-gold/50 px-1.5 font-display text-[0.7rem] tracking-[0.12em] text-gold uppercase">
            Extended
          </span>
        )}
      </span>
    </span>
  );
}

/** The controls a lot's state allows (the server still decides each). */
export function lotControls(lot: ConsoleLot): { kind: LotActionKind; label: string }[] {
  const controls: { kind: LotActionKind; label: string }[] = [];
  if (lot.paused) controls.push({ kind: "resume", label: "Resume" });
  else if (lot.status !== "closed") controls.push({ kind: "pause", label: "Pause" });
  if (lot.status !== "closed") controls.push({ kind: "extend", label: "Extend" });
  controls.push({ kind: "bids", label: "Bids" });
  if (claimExpired(lot)) controls.push({ kind: "runner-up", label: "Offer to runner-up" });
  return controls;
}

export function LotControls({
  lot,
  onAction,
}: {
  lot: ConsoleLot;
  onAction: (kind: LotActionKind, lot: ConsoleLot) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {lotControls(lot).map((c) => (
        <Button
          key={c.kind}
          variant={c.kind === "pause" || c.kind === "resume" ? "outline" : "ghost"}
          className="min-h-11 px-2.5 text-[0.75rem] tracking-[0.1em]"
          aria-label={`${c.label}, Lot ${lot.lotNumber}`}
          onClick={() => onAction(c.kind, lot)}
        >
          {c.label}
        </Button>
      ))}
    </div>
  );
}

const column = adminColumns<ConsoleLot>();

interface LotsTableProps {
  lots: ConsoleLot[];
  now: number;
  sort: { id: SortKey; order: "asc" | "desc" };
  onSortChange: (id: SortKey, order: "asc" | "desc") => void;
  onAction: (kind: LotActionKind, lot: ConsoleLot) => void;
}

/** Every lot, sortable by each figure; the rows are live (the room's updates and pushes). */
export function LotsTable({ lots, now, sort, onSortChange, onAction }: LotsTableProps) {
  const columns = useMemo<AdminColumn<ConsoleLot>[]>(
    () => [
      column.accessor("lotNumber", { header: "Lot", meta: { align: "right", className: "lining-nums" } }),
      column.accessor("title", {
        header: "Title",
        enableSorting: false,
        cell: (info) => <span title={info.getValue()}>{info.getValue()}</span>,
        meta: { className: "max-w-52 truncate" },
      }),
      column.accessor("status", { header: "Status", cell: (info) => <StatusChip lot={info.row.original} /> }),
      column.accessor("currentBid", {
        header: "Current bid",
        sortDescFirst: true,
        cell: (info) => usd(info.getValue()),
        meta: { align: "right", className: "lining-nums tabular-nums" },
      }),
      column.accessor("bidCount", {
        header: "Bids",
        sortDescFirst: true,
        meta: { align: "right", className: "lining-nums tabular-nums" },
      }),
      column.accessor("watchers", {
        header: "Watchers",
        sortDescFirst: true,
        meta: { align: "right", className: "lining-nums tabular-nums" },
      }),
      column.accessor("closesAt", {
        header: "Closes at",
        cell: (info) => <ClosesAt lot={info.row.original} now={now} />,
      }),
      column.display({
        id: "controls",
        header: () => <span className="sr-only">Controls</span>,
        cell: ({ row }) => <LotControls lot={row.original} onAction={onAction} />,
      }),
    ],
    [now, onAction],
  );
  return (
    <DataTable
      caption="Every lot, live"
      columns={columns}
      data={lots}
      getRowId={(lot) => String(lot.id)}
      sort={sort}
      onSortChange={(id, order) => onSortChange(id as SortKey, order)}
      empty="No lot yet: seed the auction lots from the Dashboard's Database tab."
    />
  );
}

/** The phone's list: one card per lot, the same figures and controls. */
export function LotCards({ lots, now, onAction }: Omit<LotsTableProps, "sort" | "onSortChange">) {
  if (lots.length === 0) return <p className="text-bone-muted">No lot yet.</p>;
  return (
    <ul aria-label="Every lot, live" className="flex flex-col gap-3">
      {lots.map((lot) => (
        <li key={lot.id} className="panel flex flex-col gap-2 p-3">
          <div className="flex items-start justify-between gap-2">
            <p className="text-base text-bone">
              <span className="lining-nums text-gold">Lot {lot.lotNumber}</span> · {lot.title}
            </p>
            <StatusChip lot={lot} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-bone-muted">Bid</dt>
              <dd className="text-base text-bone lining-nums">{usd(lot.currentBid)}</dd>
            </div>
            <div>
              <dt className="text-bone-muted">Bids</dt>
              <dd className="text-base text-bone lining-nums">{lot.bidCount}</dd>
            </div>
            <div>
              <dt className="text-bone-muted">Watchers</dt>
              <dd className="text-base text-bone lining-nums">{lot.watchers}</dd>
            </div>
          </dl>
          <div className="text-sm text-bone">
            <span className="text-bone-muted">Closes </span>
            <ClosesAt lot={lot} now={now} />
          </div>
          <LotControls lot={lot} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}
