import type { ChallengeType } from "@bm/shared";
import {
  type AdminChallenge,
  type RegradeApplied,
  type RegradeCandidate,
  type RegradeInput,
  RegradeMessages,
} from "@bm/shared/admin";
import { useEffect, useState } from "react";
import { ConfirmDialog, ErrorNote, formatInstant } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, messageOf } from "../../../lib/api";
import { useRegradeApply, useRegradePreview } from "../api/regrade";

interface RegradeDialogProps {
  type: ChallengeType;
  challenge: AdminChallenge;
  /** The corrected answers; the dialog is open while they are set. */
  answers: RegradeInput | null;
  onCancel: () => void;
  /** The re-grade is applied (the answers are saved): the form saves its other fields. */
  onApplied: (result: RegradeApplied) => Promise<void>;
  /** Saves the new answers for answers to come, leaving recorded attempts as they were judged. */
  onSaveOnly: () => Promise<void>;
}

/**
 * The newly right, in original time order: a table that wraps in the dialog (an address or an
 * e-mail breaks rather than pushing the outcome out of sight).
 */
function CandidateTable({ candidates }: { candidates: RegradeCandidate[] }) {
  if (candidates.length === 0) {
    return (
      <p className="border border-gold/20 px-4 py-6 text-center text-base text-bone-muted italic">
        No recorded wrong attempt becomes right under these answers.
      </p>
    );
  }
  return (
    <div className="max-h-[45vh] overflow-auto border border-gold/20 bg-ink-950/60">
      <table className="w-full border-collapse text-left text-base">
        <caption className="sr-only">Newly right attempts, in original time order</caption>
        <thead className="sticky top-0 bg-ink-800">
          <tr className="border-b border-gold/30 font-display text-[0.7rem] tracking-[0.14em] text-gold uppercase">
            <th scope="col" className="px-3 py-2 text-right">
              #
            </th>
            <th scope="col" className="px-3 py-2">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2">
              Member
            </th>
            <th scope="col" className="px-3 py-2">
              Answered
            </th>
            <th scope="col" className="px-3 py-2">
              Answer given
            </th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c, i) => (
            <tr key={c.attemptId} className="border-b border-gold/10 odd:bg-ink-900/40">
              <td className="px-3 py-2 text-right align-top lining-nums">{i + 1}</td>
              <td className="px-3 py-2 align-top">
                {c.wins ? (
                  <span className="text-gold-bright">Wins · +{c.credits} credits</span>
                ) : (
                  <span className="text-bone-muted">Misses out: no slot left</span>
                )}
              </td>
              <td className="px-3 py-2 align-top break-all">
                {c.member.email}
                {c.member.name && <div className="text-sm text-bone-muted">{c.member.name}</div>}
              </td>
              <td className="px-3 py-2 align-top text-sm">{formatInstant(c.attemptedAt)}</td>
              <td className="px-3 py-2 align-top font-mono text-sm break-all">{c.answer}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The re-grade preview: the recorded wrong attempts the corrected answers make right, in their
 * original time order (each member's earliest), who takes the winner slots left and who misses
 * out; Apply (after a confirmation) moves it all, once. Nothing moves before.
 */
export function RegradeDialog({ type, challenge, answers, onCancel, onApplied, onSaveOnly }: RegradeDialogProps) {
  const preview = useRegradePreview(type, challenge.id);
  const apply = useRegradeApply(type, challenge.id);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const { mutate: runPreview, reset: resetPreview } = preview;
  const { reset: resetApply } = apply;

  useEffect(() => {
    resetApply();
    if (answers) runPreview(answers);
    else resetPreview();
  }, [answers, runPreview, resetPreview, resetApply]);

  const data = preview.data;
  const winners = data?.candidates.filter((c) => c.wins).length ?? 0;
  const stale = apply.error instanceof ApiError && apply.error.status === 409;
  const busy = apply.isPending || saving;

  const confirm = async () => {
    if (!answers || !data) return;
    try {
      const result = await apply.mutateAsync({ ...answers, fingerprint: data.fingerprint });
      setConfirming(false);
      setSaving(true);
      await onApplied(result);
    } catch {
      setConfirming(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={answers !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title="Re-grade the recorded attempts?"
      description={`${challenge.title} · ${challenge.completions} completed, ${challenge.failures} failed`}
      size="wide"
      closeOnBackdrop={false}
    >
      {preview.isPending || (!data && !preview.isError) ? (
        <p className="flex items-center gap-3 text-base text-bone-muted">
          <Spinner className="h-4 w-4" /> Judging the recorded attempts again...
        </p>
      ) : preview.isError || !data ? (
        <ErrorNote
          message={messageOf(preview.error, "The re-grade preview could not be made.")}
          onRetry={() => answers && runPreview(answers)}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-base">
            <dt className="text-bone-faint">Accepted</dt>
            <dd className="font-mono text-sm break-all text-bone">
              {[data.answer, ...data.answerVariants].join(" · ")}
            </dd>
            <dt className="text-bone-faint">Winner slots</dt>
            <dd className="text-bone">
              {data.maxWinners === null
                ? "No limit: every newly right member wins"
                : `${data.maxWinners} in all · ${data.winnersSoFar} taken · ${data.slotsLeft} left`}
            </dd>
            <dt className="text-bone-faint">Newly right</dt>
            <dd className="text-bone" aria-live="polite">
              {data.candidates.length} member{data.candidates.length === 1 ? "" : "s"} · {winners} win
              {data.credits > 0 ? ` ${data.credits} credits each` : ""}
              {data.candidates.length > winners ? ` · ${data.candidates.length - winners} miss out` : ""}
            </dd>
          </dl>
          <CandidateTable candidates={data.candidates} />
          <p className="text-sm text-bone-muted">
            Completions take each member's original answer time. {RegradeMessages.clawback}
          </p>
          {apply.isError && (
            <div role="alert" className="border border-blood-bright/50 bg-blood-deep/30 px-4 py-3 text-base text-bone">
              {messageOf(apply.error, "The re-grade could not be applied.")}
              {stale && (
                <Button variant="outline" className="ml-3" onClick={() => answers && runPreview(answers)}>
                  Preview again
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3 border-t border-gold/15 pt-5">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={async () => {
            setSaving(true);
            try {
              await onSaveOnly();
            } finally {
              setSaving(false);
            }
          }}
        >
          Save without re-grading
        </Button>
        <Button disabled={!data || busy || stale} onClick={() => setConfirming(true)} aria-busy={busy || undefined}>
          {busy && <Spinner className="h-4 w-4" />}
          Apply re-grade
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apply the re-grade?"
        confirmLabel="Apply re-grade"
        onConfirm={() => void confirm()}
        pending={apply.isPending}
      >
        <p>
          The answers are saved, and{" "}
          {winners === 0
            ? "no member is completed or paid."
            : `${winners} member${winners === 1 ? " is" : "s are"} completed at their original answer time and paid ${data?.credits ?? 0} credits each, in that order.`}
        </p>
        <p>This cannot be undone here: credits paid stay paid unless you make an explicit credit adjustment.</p>
      </ConfirmDialog>
    </Dialog>
  );
}
