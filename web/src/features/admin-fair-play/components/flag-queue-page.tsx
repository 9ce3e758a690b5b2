import { FAIR_PLAY_STATUSES, type FairPlayFlagSummary, type FairPlayStatus } from "@bm/shared/admin";
import { Link, useSearchParams } from "react-router-dom";
import { AdminPage, ErrorNote, formatInstant, LoadingNote, Pager } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useFlags, useRecompute } from "../api/flags-api";
import { memberLabel, REASON_WORDS } from "../lib/reason-words";
import { SeverityBadge } from "./severity-badge";

const STATUS_WORDS: Record<FairPlayStatus, string> = { open: "Open", reviewed: "Reviewed", dismissed: "Dismissed" };

/** /admin/fair-play: the flags the signals raised, one status at a time, the most severe first. */
export function FlagQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = (FAIR_PLAY_STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as FairPlayStatus)
    : "open";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const flags = useFlags(status, page);
  const recompute = useRecompute();

  const run = () =>
    recompute.mutate(undefined, {
      onSuccess: (r) =>
        toast({ title: "Signals recomputed", description: `${r.found} found, ${r.opened} new, in ${r.ms} ms.` }),
      onError: (e) =>
        toast({ title: "Not recomputed", description: messageOf(e, "Try again shortly."), variant: "destructive" }),
    });

  return (
    <AdminPage
      title="Fair Play"
      lead="What the signals found in the bids, the sign-ins and the referrals. Nothing here acts by itself: review, dismiss, or act from the member's page."
      actions={
        <Button variant="outline" onClick={run} disabled={recompute.isPending}>
          {recompute.isPending ? "Reading the signs…" : "Recompute now"}
        </Button>
      }
    >
      <nav aria-label="Flags by status" className="mt-8 flex gap-2">
        {FAIR_PLAY_STATUSES.map((s) => (
          <Link
            key={s}
            to={`?status=${s}`}
            aria-current={s === status ? "page" : undefined}
            className={cn(
              "inline-flex min-h-11 items-center border px-4 font-display text-[0.75rem] tracking-[0.16em] uppercase",
              s === status ? "border-gold-bright text-gold-bright" : "border-gold/20 text-bone-muted hover:text-bone",
            )}
          >
            {STATUS_WORDS[s]}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="queue-heading" className="mt-6">
        <h2 id="queue-heading" className="sr-only">
          {STATUS_WORDS[status]} flags
        </h2>
        {flags.isPending && <LoadingNote text="Reading the ledger of omens" />}
        {flags.isError && (
          <ErrorNote message={messageOf(flags.error, "The flags could not be read.")} onRetry={() => flags.refetch()} />
        )}
        {flags.data && flags.data.items.length === 0 && (
          <p className="panel px-6 py-10 text-center text-bone-muted">
            No {STATUS_WORDS[status].toLowerCase()} flags. The House is quiet.
          </p>
        )}
        {flags.data && flags.data.items.length > 0 && (
          <>
            <p className="mb-3 text-sm text-bone-muted">
              {flags.data.total} {STATUS_WORDS[status].toLowerCase()} {flags.data.total === 1 ? "flag" : "flags"}
            </p>
            <ul className="grid gap-3">
              {flags.data.items.map((flag) => (
                <FlagRow key={flag.id} flag={flag} />
              ))}
            </ul>
            <Pager
              page={flags.data.page}
              pageSize={flags.data.pageSize}
              total={flags.data.total}
              label="Flag pages"
              onPageChange={(p) => setParams({ status, page: String(p) })}
            />
          </>
        )}
      </section>
    </AdminPage>
  );
}

function FlagRow({ flag }: { flag: FairPlayFlagSummary }) {
  const words = REASON_WORDS[flag.reason];
  return (
    <li className="panel relative grid gap-3 px-5 py-4 sm:grid-cols-[12rem_1fr_auto] sm:items-center">
      <div className="flex flex-col gap-2">
        <SeverityBadge severity={flag.severity} household={flag.household} />
        <span className="font-mono text-xs text-bone-faint">
          #{flag.id} · {flag.reason}
        </span>
      </div>
      <div className="min-w-0">
        <h3 className="text-lg">
          <Link
            to={paths.adminFairPlayFlag.href(flag.id)}
            className="after:absolute after:inset-0 hover:text-gold-bright focus-visible:outline-none"
          >
            {words.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-bone-muted">{words.means}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-bone">
          <span className="sr-only">Members:</span>
          {flag.members.slice(0, 6).map((m) => (
            <span key={m.id} className="whitespace-nowrap">
              {memberLabel(m)}
            </span>
          ))}
          {flag.members.length > 6 && <span className="text-bone-muted">+{flag.members.length - 6} more</span>}
        </p>
      </div>
      <p className="text-sm whitespace-nowrap text-bone-muted sm:text-right">
        Raised {formatInstant(flag.raisedAt)}
        <br />
        <span className="text-bone-faint">weight {flag.weight}</span>
      </p>
    </li>
  );
}
