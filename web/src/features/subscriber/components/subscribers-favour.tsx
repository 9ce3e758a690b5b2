import { CHALLENGE_REDIRECT_DELAY_MS, isDeliverableAddress, SUBSCRIBER_TRIAL_ID } from "@bm/shared";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { isMissing } from "../../../api/get-challenge";
import { useClaimFavour, useCompletionsQuery, useEnlist, useSubscriptionQuery } from "../../../api/subscriber";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { useUser } from "../../../hooks/use-auth";
import { messageOf } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { favourCopy as copy } from "./subscriber-copy";

type View = "loading" | "completed" | "loyal" | "claim" | "enlist";

/**
 * /trial/subscribers-favor: one of five views (spec 001 section 2) from the ledger's records:
 * the completions list (the favour's id), and the shop's newsletter list with the member's attempt.
 */
export function SubscribersFavour({ notFound }: { notFound: ReactNode }) {
  useDocumentTitle(copy.title);
  const navigate = useNavigate();
  const subscription = useSubscriptionQuery();
  const completions = useCompletionsQuery();
  const [done, setDone] = useState(false);

  // After a claim or a sign-up the member goes back to the day's page (spec section 2).
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.earnCredits.href()), CHALLENGE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (subscription.isError && isMissing(subscription.error)) return notFound;

  const view: View =
    !subscription.data || !completions.data
      ? "loading"
      : done || completions.data.trialIds.includes(SUBSCRIBER_TRIAL_ID)
        ? "completed"
        : subscription.data.isSubscribed && subscription.data.hasAttempted
          ? "loyal"
          : subscription.data.isSubscribed
            ? "claim"
            : "enlist";
  const failed = (subscription.isError || completions.isError) && view === "loading";

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 pt-6 pb-16 sm:px-6 sm:pt-12">
      <article
        aria-labelledby="favour-title"
        className="panel flex flex-col items-center gap-5 px-5 py-8 text-center sm:px-10"
      >
        <span className="panel-corners" aria-hidden="true" />
        <p className="eyebrow">A Bonus Trial</p>
        <h1 id="favour-title" className="text-3xl sm:text-4xl">
          {copy.title}
        </h1>
        <div className="hairline w-40" />
        {failed ? (
          <div role="alert" className="flex flex-col items-center gap-3">
            <p className="text-lg text-bone-muted italic">The House ledger could not be read.</p>
            <Button variant="outline" onClick={() => void Promise.all([subscription.refetch(), completions.refetch()])}>
              Try again
            </Button>
          </div>
        ) : view === "loading" ? (
          <div role="status" className="flex flex-col items-center gap-4 py-6">
            <Spinner className="h-8 w-8" />
            <p className="font-display text-sm tracking-[0.3em] text-bone-faint uppercase">{copy.loading}</p>
          </div>
        ) : view === "completed" ? (
          <Recorded heading={copy.completed} leaving={done}>
            Your name stands in the House ledger. The favour is yours.
          </Recorded>
        ) : view === "loyal" ? (
          <Recorded heading={copy.loyal} leaving={false}>
            The House remembers its faithful. Your loyalty has been counted.
          </Recorded>
        ) : view === "claim" ? (
          <ClaimFavour onDone={() => setDone(true)} />
        ) : (
          <EnlistForm onDone={() => setDone(true)} />
        )}
        {view !== "loading" && view !== "completed" && !done && (
          <Link to={paths.earnCredits.href()} className="link-quiet text-base">
            {copy.unwilling}
          </Link>
        )}
        {view === "completed" && !done && (
          <Link to={paths.earnCredits.href()} className="link-quiet text-base">
            <span aria-hidden="true">←</span> Harvest Credits
          </Link>
        )}
      </article>
    </main>
  );
}

function Recorded({ heading, leaving, children }: { heading: string; leaving: boolean; children: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3">
      <p aria-hidden="true" className="text-4xl text-gold">
        ✦
      </p>
      <h2 className="text-2xl text-gold-bright">{heading}</h2>
      <p className="text-lg text-bone-muted">{children}</p>
      {leaving && <p className="text-base text-bone-faint italic">Returning you to Harvest Credits...</p>}
    </div>
  );
}

function ClaimFavour({ onDone }: { onDone: () => void }) {
  const claim = useClaimFavour();
  function claimNow() {
    claim.mutate(undefined, {
      onSuccess: (answer) => {
        toast({ title: copy.claimedTitle, description: copy.claimed(answer.credits) });
        onDone();
      },
      onError: (cause) => {
        if (reportIfSessionExpired(cause)) return;
        toast({ title: copy.errorTitle, description: messageOf(cause, copy.claimFailed), variant: "destructive" });
      },
    });
  }
  return (
    <div className="flex flex-col items-center gap-4">
      <h2 className="text-2xl">{copy.alreadyPart}</h2>
      <p className="text-lg text-bone-muted">
        Your name is already written among the House's faithful. For your loyalty the House offers{" "}
        <strong className="text-gold-bright">5 MPC Credits</strong>, to be claimed once.
      </p>
      <Button onClick={claimNow} disabled={claim.isPending}>
        {claim.isPending && <Spinner className="h-4 w-4" />} {copy.claim}
      </Button>
    </div>
  );
}

function EnlistForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const user = useUser();
  const [email, setEmail] = useState(user?.email ?? "");
  const [error, setError] = useState<string | null>(null);
  const enlist = useEnlist();
  const errorId = `${id}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(copy.emailRequired);
      toast({ title: copy.emailRequiredTitle, description: copy.emailRequired, variant: "destructive" });
      return;
    }
    if (/\s/.test(value) || !isDeliverableAddress(value)) {
      setError(copy.invalidEmail);
      toast({ title: copy.invalidEmailTitle, description: copy.invalidEmail, variant: "destructive" });
      return;
    }
    setError(null);
    enlist.mutate(value, {
      onSuccess: (answer) => {
        toast({ title: copy.enlistedTitle, description: copy.enlisted(answer.credits) });
        onDone();
      },
      onError: (cause) => {
        if (reportIfSessionExpired(cause)) return;
        const message = messageOf(cause, copy.enlistFailed);
        setError(message);
        toast({ title: copy.enlistFailedTitle, description: message, variant: "destructive" });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex w-full flex-col items-stretch gap-4 text-left">
      <p className="text-center text-lg text-bone-muted">
        Enlist your name in the House ledger, the merchant's letters to its faithful, and the House grants you 5 MPC
        Credits.
      </p>
      <ul className="flex flex-col gap-2 text-base text-bone">
        {copy.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-3">
            <span aria-hidden="true" className="text-gold">
              ✦
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-email`} className="label">
        Your e-mail
      </label>
      <input
        id={`${id}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
        className="field"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={enlist.isPending}
        {...fieldErrorProps(errorId, error)}
      />
      <FieldError id={errorId} message={error} />
      <Button type="submit" disabled={email.trim() === "" || enlist.isPending} className="self-center">
        {enlist.isPending && <Spinner className="h-4 w-4" />} {copy.enlist}
      </Button>
    </form>
  );
}
