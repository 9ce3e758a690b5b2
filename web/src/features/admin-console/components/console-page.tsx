import { formatTime } from "@bm/shared";
import type { ConsoleLot } from "@bm/shared/admin";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { AdminPage, AdminSection, ErrorNote, LoadingNote } from "../../../components/admin";
import { messageOf } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useServerNow } from "../../../lib/server-clock";
import { useSocketStore } from "../../../lib/socket";
import { useMediaQuery } from "../../../lib/use-media-query";
import { useConsole } from "../api/get-console";
import { SORT_KEYS, type SortKey, sortLots } from "../lib/console-words";
import { HallControls } from "./hall-controls";
import { Headline } from "./headline";
import { type LotAction, LotActionDialog, type LotActionKind } from "./lot-dialogs";
import { LotCards, LotsTable } from "./lots-table";

/** Live over the socket, or polling every 5 s while it reconnects. */
function ConnectionIndicator({ updatedAt }: { updatedAt: string | undefined }) {
  const status = useSocketStore((s) => s.status);
  const live = status === "connected";
  return (
    <p role="status" className="flex items-center gap-2 text-base">
      <span
        aria-hidden="true"
        className={cn("h-2.5 w-2.5 rounded-full", live ? "animate-pulse bg-gold-bright" : "bg-blood-bright")}
      />
      <span className={live ? "text-gold-bright" : "text-blood-bright"}>
        {live ? "Live" : "Reconnecting: polling every 5 s"}
      </span>
      {updatedAt && <span className="text-sm text-bone-muted">· as of {formatTime(updatedAt)}</span>}
    </p>
  );
}

function useSort(): [{ id: SortKey; order: "asc" | "desc" }, (id: SortKey, order: "asc" | "desc") => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("sort");
  const id = (SORT_KEYS as readonly string[]).includes(raw ?? "") ? (raw as SortKey) : "lotNumber";
  const order = params.get("order") === "desc" ? "desc" : "asc";
  const update = useCallback(
    (next: SortKey, nextOrder: "asc" | "desc") =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.set("sort", next);
          p.set("order", nextOrder);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [{ id, order }, update];
}

/** /admin/console: the live auction console (issue 17, deliverable 4). */
export function ConsolePage() {
  const { query } = useConsole();
  const now = useServerNow(1000);
  const [sort, setSort] = useSort();
  const wide = useMediaQuery("(min-width: 768px)");
  const [action, setAction] = useState<LotAction | null>(null);
  const onAction = useCallback((kind: LotActionKind, lot: ConsoleLot) => setAction({ kind, lot }), []);
  const snapshot = query.data;
  const lots = useMemo(() => sortLots(snapshot?.lots ?? [], sort.id, sort.order), [snapshot, sort.id, sort.order]);
  // The dialog follows its lot's live row (a bid or a pause while it is open).
  const live = action ? { ...action, lot: snapshot?.lots.find((l) => l.id === action.lot.id) ?? action.lot } : null;

  return (
    <AdminPage
      title="Live Console"
      lead="Every lot as it happens, the room's pulse, and the House's controls: each asks first and says who is told."
      actions={<ConnectionIndicator updatedAt={snapshot?.serverTime} />}
    >
      {!snapshot ? (
        query.isError ? (
          <ErrorNote
            message={messageOf(query.error, "The console could not be read.")}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingNote text="Reading the hall..." />
        )
      ) : (
        <div className="flex flex-col gap-6">
          {snapshot.banner && (
            <p className="border border-gold/50 bg-ink-800 px-4 py-3 text-bone">
              <span className="eyebrow mr-2">Banner</span>
              {snapshot.banner.message}
            </p>
          )}
          <Headline snapshot={snapshot} />
          <HallControls banner={snapshot.banner} hallPaused={snapshot.hallPaused} />
          <AdminSection title="Lots" description="Times are New York's; countdowns follow the server's clock.">
            {wide ? (
              <LotsTable lots={lots} now={now} sort={sort} onSortChange={setSort} onAction={onAction} />
            ) : (
              <LotCards lots={lots} now={now} onAction={onAction} />
            )}
          </AdminSection>
        </div>
      )}
      {live && <LotActionDialog action={live} onClose={() => setAction(null)} />}
    </AdminPage>
  );
}
