import { FairPlayMessages } from "@bm/shared/admin";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { AdminPage, AdminSection, ErrorNote, formatInstant, LoadingNote } from "../../../components/admin";
import { Button, buttonClass } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { useDecideFlag, useFlag } from "../api/flags-api";
import { memberLabel, REASON_WORDS } from "../lib/reason-words";
import { Evidence } from "./evidence";
import { SeverityBadge } from "./severity-badge";

/** /admin/fair-play/{id}: one flag, its evidence, its members (and their tools), and the decision. */
export function FlagPage({ id }: { id: number }) {
  const flag = useFlag(id);
  const back = (
    <Link to={paths.adminFairPlay.href()} className={buttonClass("ghost")}>
      Back to the queue
    </Link>
  );
  if (flag.isPending)
    return (
      <AdminPage title="Fair Play" actions={back}>
        <LoadingNote text="Unsealing the evidence" />
      </AdminPage>
    );
  if (flag.isError)
    return (
      <AdminPage title="Fair Play" actions={back}>
        <ErrorNote message={messageOf(flag.error, FairPlayMessages.flagNotFound)} onRetry={() => flag.refetch()} />
      </AdminPage>
    );
  const f = flag.data;
  const names = new Map(f.members.map((m) => [m.id, memberLabel(m)]));
  const nameOf = (memberId: unknown) => names.get(String(memberId)) ?? `member ${String(memberId).slice(0, 8)}`;
  const words = REASON_WORDS[f.reason];
  return (
    <AdminPage title={`${words.title} · #${f.id}`} lead={words.means} actions={back}>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <SeverityBadge severity={f.severity} household={f.household} />
        <span className="text-sm text-bone-muted">
          Raised {formatInstant(f.raisedAt)} · last seen {formatInstant(f.seenAt)} ·{" "}
          <span className="font-mono">{f.subject}</span>
        </span>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <AdminSection title="Evidence">
          <Evidence flag={f} nameOf={nameOf} />
        </AdminSection>
        <div className="grid content-start gap-8">
          <AdminSection title="Members involved">
            <ul className="grid gap-3">
              {f.members.map((m) => (
                <li key={m.id} className="border-l border-gold/30 pl-4">
                  <Link to={paths.adminMember.href(m.id)} className="text-bone hover:text-gold-bright">
                    {memberLabel(m)}
                  </Link>
                  <p className="text-sm break-all text-bone-muted">{m.email}</p>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-bone-muted">
              Void a bid, suspend, or adjust credits from the member's page: every act there is audited.
            </p>
          </AdminSection>
          <AdminSection title="Decision">
            {f.status === "open" ? (
              <DecisionForm id={f.id} />
            ) : (
              <p className="text-base">
                {f.status === "reviewed" ? "Reviewed" : "Dismissed"} by {f.decidedBy?.email ?? "an operator"}
                {f.decidedAt && ` on ${formatInstant(f.decidedAt)}`}
                {f.decisionNote && <span className="mt-2 block text-bone-muted">“{f.decisionNote}”</span>}
              </p>
            )}
          </AdminSection>
        </div>
      </div>
    </AdminPage>
  );
}

function DecisionForm({ id }: { id: number }) {
  const decide = useDecideFlag(id);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (decision: "reviewed" | "dismissed") => (event?: FormEvent) => {
    event?.preventDefault();
    if (decision === "dismissed" && !note.trim()) return setError(FairPlayMessages.dismissNeedsNote);
    setError(null);
    decide.mutate(
      { decision, note: note.trim() || undefined },
      {
        onSuccess: () => toast({ title: decision === "reviewed" ? "Marked reviewed" : "Flag dismissed" }),
        onError: (e) => setError(messageOf(e, "The decision was not saved.")),
      },
    );
  };
  return (
    <form onSubmit={submit("reviewed")} className="grid gap-3" noValidate>
      <label htmlFor="decision-note" className="label">
        Note <span className="text-bone-muted normal-case tracking-normal">(required to dismiss)</span>
      </label>
      <textarea
        id="decision-note"
        className="field min-h-28"
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "decision-error" : undefined}
      />
      {error && (
        <p id="decision-error" role="alert" className="text-sm text-blood-bright">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" className="grow" disabled={decide.isPending}>
          Mark reviewed
        </Button>
        <Button variant="outline" className="grow" onClick={() => submit("dismissed")()} disabled={decide.isPending}>
          Dismiss
        </Button>
      </div>
    </form>
  );
}
