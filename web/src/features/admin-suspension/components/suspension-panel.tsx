import type { AdminSuspension, SuspensionState } from "@bm/shared/admin";
import { useId, useState } from "react";
import {
  AdminSection,
  ConfirmDialog,
  ErrorNote,
  formatInstant,
  LoadingNote,
  refusalMessage,
} from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useSuspensions } from "../api/get-suspensions";
import { useLiftSuspension } from "../api/lift-suspension";
import { SuspendMemberDialog } from "./suspend-member-dialog";

const STATE_WORDS: Record<SuspensionState, string> = { active: "In force", ended: "Ended", lifted: "Lifted" };

function StateBadge({ state }: { state: SuspensionState }) {
  return (
    <span
      className={cn(
        "inline-flex items-center border px-2 py-0.5 font-display text-[0.75rem] tracking-[0.14em] uppercase",
        state === "active" ? "border-blood-bright/70 text-bone" : "border-bone-faint/50 text-bone-muted",
      )}
    >
      {STATE_WORDS[state]}
    </span>
  );
}

/** Its end as set: an instant, or none (it lasts until an admin lifts it). */
const endOf = (s: AdminSuspension) => (s.until ? formatInstant(s.until) : "no end set");

/** One suspension of the history, in words: when, until when, why, by whom, how it ended. */
function HistoryEntry({ suspension: s }: { suspension: AdminSuspension }) {
  return (
    <li className="panel flex flex-col gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <StateBadge state={s.state} />
        <span className="text-base text-bone">
          {formatInstant(s.startsAt)} → {endOf(s)}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-base sm:grid-cols-[max-content_1fr]">
        <dt className="text-bone-muted">Reason</dt>
        <dd className="whitespace-pre-wrap text-bone">{s.reason}</dd>
        <dt className="text-bone-muted">By</dt>
        <dd className="text-bone">{s.createdBy?.email ?? "an erased account"}</dd>
        <dt className="text-bone-muted">Leading bids</dt>
        {/* The operator's choice when suspending (the voiding itself is the hall's, told at the time). */}
        <dd className="text-bone">{s.voidLeadingBids ? "Voiding asked" : "Left standing"}</dd>
        {s.liftedAt && (
          <>
            <dt className="text-bone-muted">Lifted</dt>
            <dd className="text-bone">
              {formatInstant(s.liftedAt)} by {s.liftedBy?.email ?? "an erased account"}
              {s.liftReason ? `: ${s.liftReason}` : ""}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

interface SuspensionPanelProps {
  memberId: string;
  /** How the member is named in the dialogs (their e-mail). */
  memberLabel?: string;
}

/**
 * A member's suspension: whether one is in force (and until when), suspend or lift it, and every
 * suspension they had. Self-contained: give it a member's id.
 */
export function SuspensionPanel({ memberId, memberLabel }: SuspensionPanelProps) {
  const history = useSuspensions(memberId);
  const lifting = useLiftSuspension(memberId);
  const [suspendOpen, setSuspendOpen] = useState(false);
  const [liftOpen, setLiftOpen] = useState(false);
  const [liftReason, setLiftReason] = useState("");
  const liftReasonId = useId();
  const active = history.data?.active ?? null;

  const lift = () =>
    lifting.mutate(liftReason, {
      onSuccess: () => {
        toast({ title: "Suspension lifted", description: "The member may sign in again." });
        setLiftOpen(false);
      },
    });

  return (
    <AdminSection
      title="Suspension"
      description="A suspended member is signed out everywhere and refused sign-in, bids, answers, claims and purchases."
    >
      {history.isError && !history.data ? (
        <ErrorNote
          message={messageOf(history.error, "The suspensions could not be read.")}
          onRetry={() => void history.refetch()}
        />
      ) : !history.data ? (
        <LoadingNote text="Reading the suspensions..." />
      ) : (
        <div className="flex flex-col gap-5">
          <div role="status" className="flex flex-wrap items-center justify-between gap-4">
            {active ? (
              <p className="text-base text-bone">
                <StateBadge state="active" />{" "}
                <span className="ml-2">
                  Suspended {active.until ? `until ${formatInstant(active.until)}` : "until lifted"}.
                </span>
              </p>
            ) : (
              <p className="text-base text-bone-muted">Not suspended.</p>
            )}
            {active ? (
              <Button
                variant="outline"
                onClick={() => {
                  setLiftReason("");
                  lifting.reset();
                  setLiftOpen(true);
                }}
              >
                Lift suspension
              </Button>
            ) : (
              <Button onClick={() => setSuspendOpen(true)}>Suspend member</Button>
            )}
          </div>

          <section aria-labelledby={`${liftReasonId}-history`} className="flex flex-col gap-3">
            <h3
              id={`${liftReasonId}-history`}
              className="font-display text-sm tracking-[0.2em] text-bone-muted uppercase"
            >
              History
            </h3>
            {history.data.items.length === 0 ? (
              <p className="text-base text-bone-muted">Never suspended.</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {history.data.items.map((s) => (
                  <HistoryEntry key={s.id} suspension={s} />
                ))}
              </ol>
            )}
          </section>
        </div>
      )}

      <SuspendMemberDialog
        memberId={memberId}
        memberLabel={memberLabel}
        open={suspendOpen}
        onOpenChange={setSuspendOpen}
      />
      <ConfirmDialog
        open={liftOpen}
        onOpenChange={setLiftOpen}
        title="Lift suspension"
        confirmLabel="Lift suspension"
        onConfirm={lift}
        pending={lifting.isPending}
        error={lifting.isError ? refusalMessage(lifting.error, "The suspension could not be lifted") : null}
      >
        <p>
          {memberLabel ? `${memberLabel} may` : "The member may"} sign in and act again at once. The suspension stays in
          the history.
        </p>
        <div className="flex flex-col">
          <label htmlFor={liftReasonId} className="label">
            Why (optional, internal)
          </label>
          <textarea
            id={liftReasonId}
            value={liftReason}
            onChange={(event) => setLiftReason(event.target.value)}
            rows={2}
            maxLength={500}
            className="field resize-y text-base"
          />
        </div>
      </ConfirmDialog>
    </AdminSection>
  );
}
