import { type ChallengeAnswer, isDeliverableAddress } from "@bm/shared";
import { type FormEvent, useId, useState } from "react";
import { useEnlist } from "../../../api/subscriber";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { useUser } from "../../../hooks/use-auth";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { copy } from "../lib/challenge-copy";
import { submitErrorToast } from "../lib/submit-outcome";
import { OwnChamberLink } from "./own-page-answers";

/**
 * The subscriber trial on the earn pages: the member's address (their own, as the House's
 * letters need the owner's consent) enlists them at once; the Subscriber's Favour's own chamber
 * stays one link away for those already on the list.
 */
export function SubscriberEmailForm({ challenge }: { challenge: ChallengeAnswer }) {
  const id = useId();
  const user = useUser();
  const [email, setEmail] = useState(user?.email ?? "");
  const [error, setError] = useState<string | null>(null);
  const enlist = useEnlist();
  const errorId = `${id}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (enlist.isPending) return;
    const value = email.trim();
    if (!value) {
      setError(copy.emailRequired);
      toast({ title: copy.emailRequiredTitle, description: copy.emailRequired, variant: "destructive" });
      return;
    }
    if (/\s/.test(value) || !isDeliverableAddress(value.toLowerCase())) {
      setError(copy.invalidEmail);
      toast({ title: copy.invalidEmailTitle, description: copy.invalidEmail, variant: "destructive" });
      return;
    }
    setError(null);
    enlist.mutate(value, {
      onSuccess: (answer) => {
        toast({ title: copy.correctTitle, description: copy.correct(answer.credits), aboutPage: true });
      },
      onError: (cause) => {
        if (reportIfSessionExpired(cause)) return;
        const words = submitErrorToast(cause, copy.submitEmailFailed);
        setError(words.description);
        toast({ ...words, aboutPage: true });
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <label htmlFor={`${id}-email`} className="label">
          Your e-mail
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            className="field min-w-0 flex-1"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            disabled={enlist.isPending}
            {...fieldErrorProps(errorId, error)}
          />
          <Button type="submit" disabled={email.trim() === "" || enlist.isPending} className="shrink-0">
            {enlist.isPending && <Spinner className="h-4 w-4" />} Enlist
          </Button>
        </div>
        <FieldError id={errorId} message={error} />
      </form>
      <OwnChamberLink challenge={challenge} label="Enter the Subscriber's Favour" />
    </div>
  );
}
