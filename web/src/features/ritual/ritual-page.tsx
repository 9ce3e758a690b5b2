import { CHALLENGE_REDIRECT_DELAY_MS, RITUAL_PUZZLE_SLUG } from "@bm/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { isMissing, useChallengeQuery } from "../../api/get-challenge";
import { useSubmitAnswer } from "../../api/submit-answer";
import { Button } from "../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../components/ui/field-error";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { refusalToast } from "../../lib/refusal-toast";
import { reportIfSessionExpired } from "../../lib/session-expiry";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The Ritual's words (spec 001 sections 2, 4 and 8). */
export const ritualCopy = {
  invoke: "invoke the ritual",
  abandon: "abandon the ritual",
  yieldsTitle: "The Path Yields",
  yields: (n: number) => `The code was accepted. ${n} MPC credits have been granted.`,
  rejectsTitle: "The Ritual Rejects You",
  rejects: "The code was not recognized. You've used your one attempt.",
  /** A submission that got no verdict ('Error', spec 001 section 8): the server's words, else these. */
  submitFailed: "Failed to submit code",
  spent: "You have already spoken at this altar. The ritual allows one attempt.",
  /** The near-invisible line: where the word is kept, never the word (answers stay on the server). */
  whisper: "Three doors wait beyond the void. Pass through the last: the word it keeps is the word you seek.",
} as const;

/**
 * /404/ritual: the hidden puzzle behind the lost page. One attempt; a right word grants the
 * credits and returns the member to the day's page.
 */
export function RitualPage({ onGranted }: { onGranted: () => void }) {
  useDocumentTitle("The Ritual");
  const query = useChallengeQuery("puzzle", RITUAL_PUZZLE_SLUG);
  const submit = useSubmitAnswer();
  const navigate = useNavigate();
  const id = useId();
  const [word, setWord] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [granted, setGranted] = useState(false);

  useEffect(() => {
    if (!granted) return;
    const timer = setTimeout(() => navigate(paths.earnCredits.href()), CHALLENGE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [granted, navigate]);

  const ritual = query.data;
  const spent = ritual !== undefined && ritual.attempt !== "none" && !granted;
  const open = ritual?.status === "open" && ritual.attempt === "none" && !granted;

  function invoke(event: FormEvent) {
    event.preventDefault();
    const answer = word.trim();
    if (!answer || !open || submit.isPending) return;
    setError(null);
    submit.mutate(
      { type: "puzzle", slug: RITUAL_PUZZLE_SLUG, answer },
      {
        onSuccess: (verdict) => {
          if (verdict.correct) {
            toast({ title: ritualCopy.yieldsTitle, description: ritualCopy.yields(verdict.credits) });
            setGranted(true);
            onGranted();
          } else {
            toast({ title: ritualCopy.rejectsTitle, description: ritualCopy.rejects, variant: "destructive" });
          }
        },
        onError: (cause) => {
          if (reportIfSessionExpired(cause)) return;
          const words = refusalToast(cause, ritualCopy.submitFailed);
          setError(words.description);
          toast(words);
        },
      },
    );
  }

  return (
    <main className="relative flex flex-1 flex-col items-center justify-center overflow-hidden px-4 py-16 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 h-[34rem] w-[34rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(circle,rgb(140_26_34/0.22),transparent_65%)]"
      />
      <p className="eyebrow relative">Beyond the lost page</p>
      <h1 className="relative mt-3 text-4xl sm:text-5xl">The Ritual</h1>
      <div className="hairline relative mt-5 w-48" />
      {query.isError && isMissing(query.error) ? (
        <p className="relative mt-8 max-w-md text-lg text-bone-muted italic">
          The altar is cold. Nothing answers here yet.
        </p>
      ) : !ritual ? (
        <div role="status" className="relative mt-10 flex flex-col items-center gap-4">
          <Spinner className="h-8 w-8" />
          <p className="font-display text-sm tracking-[0.3em] text-bone-faint uppercase">Lighting the candles...</p>
        </div>
      ) : (
        <>
          <p className="relative mt-6 max-w-lg text-lg text-bone-muted">{ritual.description}</p>
          {/* Near-invisible by design (spec section 2): found by those who select the dark. */}
          <p className="relative mt-4 max-w-lg text-sm text-ink-800 select-text selection:bg-gold/40 selection:text-bone">
            {ritualCopy.whisper}
          </p>
          {granted ? (
            <p role="status" className="relative mt-8 text-xl text-gold-bright">
              The path yields. Returning you to Harvest Credits...
            </p>
          ) : spent ? (
            <p
              role="status"
              className="relative mt-8 max-w-md border border-blood-bright/40 bg-blood-deep/30 px-4 py-3 text-base text-bone"
            >
              {ritualCopy.spent}
            </p>
          ) : (
            <form onSubmit={invoke} noValidate className="relative mt-8 flex w-full max-w-sm flex-col gap-3 text-left">
              <label htmlFor={`${id}-word`} className="label">
                The hidden word
              </label>
              <input
                id={`${id}-word`}
                type="text"
                className="field"
                autoComplete="off"
                spellCheck={false}
                value={word}
                onChange={(event) => setWord(event.target.value)}
                disabled={!open || submit.isPending}
                {...fieldErrorProps(`${id}-error`, error)}
              />
              <FieldError id={`${id}-error`} message={error} />
              <Button type="submit" disabled={!open || word.trim() === "" || submit.isPending}>
                {submit.isPending && <Spinner className="h-4 w-4" />} {ritualCopy.invoke}
              </Button>
              <p className="text-base text-bone-faint italic">* You have one attempt at the ritual</p>
            </form>
          )}
        </>
      )}
      <Link to={paths.earnCredits.href()} className="link-quiet relative mt-8 text-base">
        {ritualCopy.abandon}
      </Link>
    </main>
  );
}
