import { REFERRAL_REFERRER_CREDITS, REFERRAL_SIGNUP_CREDITS, type ReferralStatsAnswer } from "@bm/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { NetworkError, UNREACHABLE_MESSAGE, UNREACHABLE_TITLE } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { useReferralStats } from "../api/get-referral-stats";
import { useSendInvitations } from "../api/send-invitations";
import { invitationToast, SEND_FAILED_TOAST } from "../lib/invitation-toast";
import { PanelFailed, PanelPending } from "./panel-states";

export const NO_EMAIL_MESSAGE = "Please enter at least one email address";

/**
 * The referral panel of trial 04b75e095d (spec 001 sections 2, 4, 5): hidden until asked for,
 * then three e-mail slots (those already invited shown and locked), sent, and full once
 * completedReferrals reaches maxReferrals.
 */
export function ReferralPanel() {
  const stats = useReferralStats();
  if (stats.isPending) return <PanelPending label="Reading your circle..." />;
  if (stats.isError) {
    return <PanelFailed message="Your circle could not be read." onRetry={() => void stats.refetch()} />;
  }
  return <ReferralPanelBody stats={stats.data} />;
}

function ReferralPanelBody({ stats }: { stats: ReferralStatsAnswer }) {
  const [stage, setStage] = useState<"hidden" | "shown" | "sent">("hidden");
  const { completedReferrals, maxReferrals, referrals } = stats;
  const progress = `${Math.min(completedReferrals, maxReferrals)} of ${maxReferrals} souls have answered your call.`;

  if (completedReferrals >= maxReferrals) {
    return (
      <section role="status" aria-label="Referrals" className="border border-gold/50 bg-ink-950/60 px-4 py-4">
        <p className="font-display text-base tracking-[0.08em] text-gold-bright">
          <span aria-hidden="true">✦ </span>Your circle is complete
        </p>
        <p className="mt-1 text-base text-bone-muted">{progress} The House has paid you for every one of them.</p>
      </section>
    );
  }

  return (
    <section aria-label="Referrals" className="flex flex-col gap-3 border border-gold/20 bg-ink-950/50 px-4 py-4">
      <p className="text-base text-bone-muted">
        Summon up to {maxReferrals} trusted souls. Each receives {REFERRAL_SIGNUP_CREDITS} MPC credits on joining; you
        receive {REFERRAL_REFERRER_CREDITS} for each who then answers a trial or makes a purchase.
      </p>
      <p className="text-sm tracking-[0.08em] text-gold-dim uppercase">{progress}</p>
      {stage === "hidden" && (
        <Button onClick={() => setStage("shown")} className="self-start">
          Summon your souls
        </Button>
      )}
      {stage === "sent" && (
        <div role="status" className="flex flex-col items-start gap-3">
          <p className="text-base text-bone">Your summons have been sent. They will find their way.</p>
          {referrals.length < maxReferrals && (
            <Button variant="outline" onClick={() => setStage("shown")}>
              Summon another
            </Button>
          )}
        </div>
      )}
      {stage === "shown" && (
        <InvitationForm maxReferrals={maxReferrals} invited={referrals} onSent={() => setStage("sent")} />
      )}
    </section>
  );
}

interface InvitationFormProps {
  maxReferrals: number;
  invited: { email: string }[];
  onSent: () => void;
}

function InvitationForm({ maxReferrals, invited, onSent }: InvitationFormProps) {
  const id = useId();
  const sending = useSendInvitations();
  const [values, setValues] = useState<string[]>(() => Array.from({ length: maxReferrals }, () => ""));
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const free = Array.from({ length: maxReferrals }, (_, i) => i).filter((i) => !invited[i]);
  const form = useRef<HTMLFormElement>(null);

  // The button that opened the form is gone: the keyboard continues in the first free slot.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>("input:not(:disabled)")?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.isPending) return;
    const emails = free.map((i) => (values[i] ?? "").trim()).filter((v) => v !== "");
    if (emails.length === 0) {
      setError(NO_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    sending.mutate(emails, {
      onSuccess: ({ results }) => {
        toast({ ...invitationToast(results), aboutPage: true });
        const refused = results.filter((r) => !r.success).map((r) => r.email);
        // What was refused stays to be mended; what left becomes a locked slot once the stats return.
        setValues(Array.from({ length: maxReferrals }, () => ""));
        if (refused.length < results.length) onSent();
        else setValues((old) => old.map((_, i) => refusedAt(free, refused, i)));
      },
      onError: (cause) => {
        if (reportIfSessionExpired(cause)) return;
        if (cause instanceof NetworkError) {
          toast({
            title: UNREACHABLE_TITLE,
            description: UNREACHABLE_MESSAGE,
            variant: "destructive",
            aboutPage: true,
          });
          return;
        }
        toast({ ...SEND_FAILED_TOAST, aboutPage: true });
      },
    });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-3">
      {Array.from({ length: maxReferrals }, (_, i) => {
        const locked = invited[i];
        const fieldId = `${id}-slot-${i}`;
        return (
          <div key={fieldId} className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="label">
              Soul {i + 1}
              {locked && <span className="ml-2 text-gold-dim normal-case">(invited)</span>}
            </label>
            <input
              id={fieldId}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="their@email.com"
              className="field"
              value={locked ? locked.email : (values[i] ?? "")}
              disabled={Boolean(locked) || sending.isPending}
              aria-invalid={!locked && error ? true : undefined}
              aria-describedby={!locked && error ? errorId : undefined}
              onChange={(e) => {
                const next = e.target.value;
                setError(null);
                setValues((old) => old.map((v, j) => (j === i ? next : v)));
              }}
            />
          </div>
        );
      })}
      <div role="alert">
        <FieldError id={errorId} message={error} />
      </div>
      <Button type="submit" disabled={sending.isPending || free.length === 0} className="self-start">
        {sending.isPending && <Spinner className="h-4 w-4" />} {sending.isPending ? "Sending..." : "Send invitations"}
      </Button>
      {free.length === 0 && (
        <p className="text-base text-bone-faint italic">
          All your invitations are out. Each soul who answers earns you {REFERRAL_REFERRER_CREDITS} credits.
        </p>
      )}
    </form>
  );
}

/** The refused addresses back in the free slots, in order. */
function refusedAt(free: number[], refused: string[], slot: number): string {
  const position = free.indexOf(slot);
  return position === -1 ? "" : (refused[position] ?? "");
}
