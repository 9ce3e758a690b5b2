import {
  DataDeletionToasts,
  DELETION_LINK_TTL_HOURS,
  isDeliverableAddress,
  Messages,
  normalizeEmail,
} from "@bm/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { ApiError, messageOf, NetworkError } from "../../../lib/api";
import { useSite } from "../../../lib/site";
import { useConfirmDeletion } from "../api/confirm-deletion";
import { useRequestDeletion } from "../api/request-deletion";
import { LegalPage } from "./legal-page";

/**
 * /data-deletion: the form that asks the House to erase a membership's personal data, and, with
 * `?confirm=<token>` (the mailed link), the confirmation of that request.
 */
export function DataDeletionPage() {
  const [params] = useSearchParams();
  const token = params.get("confirm")?.trim() || null;
  return (
    <LegalPage
      back={{ to: paths.privacy.href(), label: "Privacy Policy" }}
      eyebrow="Your data, your choice"
      title="Data Deletion"
      intro="Ask the House to erase the personal data of your membership."
    >
      {token ? <ConfirmDeletion token={token} /> : <DeletionRequest />}
    </LegalPage>
  );
}

/** The server's words for a refusal; the spec's own when it gave none (or could not be reached). */
function failureOf(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : DataDeletionToasts.failed;
}

function DeletionRequest() {
  const id = useId();
  const site = useSite().data;
  const request = useRequestDeletion();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = normalizeEmail(email);
    if (!value || request.isPending) return;
    if (!isDeliverableAddress(value)) {
      setError(Messages.invalidEmail);
      toast({ title: "Invalid Email", description: Messages.invalidEmail, variant: "destructive" });
      inputRef.current?.focus();
      return;
    }
    setError(null);
    request.mutate(value, {
      onSuccess: (answer) => {
        toast({ title: DataDeletionToasts.submittedTitle, description: answer.message });
        setSent({ email: value, message: answer.message });
      },
      onError: (cause) => {
        const message = failureOf(cause);
        if (cause instanceof ApiError) setError(message);
        toast({ title: DataDeletionToasts.failedTitle, description: message, variant: "destructive" });
      },
    });
  }

  if (sent) {
    return (
      <section role="status" aria-labelledby={`${id}-done`} className="panel mt-10 px-5 py-8 text-center sm:px-10">
        <span className="panel-corners" aria-hidden="true" />
        <p aria-hidden="true" className="text-4xl text-gold">
          ✦
        </p>
        <h2 id={`${id}-done`} ref={doneRef} tabIndex={-1} className="mt-2 text-2xl text-gold-bright sm:text-3xl">
          {DataDeletionToasts.submittedTitle}
        </h2>
        <p className="mt-4 text-lg text-bone">{sent.message}</p>
        <p className="mt-4 text-base leading-relaxed text-bone-muted">
          If <span className="break-all text-bone">{sent.email}</span> belongs to a member, a confirmation link is on
          its way to it. Nothing is erased until that link is followed; it works for {DELETION_LINK_TTL_HOURS} hours.
        </p>
        <Link to={paths.privacy.href()} className="btn btn-outline mt-8">
          Back to the policy
        </Link>
      </section>
    );
  }

  return (
    <>
      <ol className="mt-10 flex flex-col gap-3 text-lg leading-relaxed text-bone-muted">
        <Step n="I">Enter the address you sign in with.</Step>
        <Step n="II">If it belongs to a member, the House mails a confirmation link to it.</Step>
        <Step n="III">
          Once you follow the link, your personal data is erased
          {site ? ` within ${site.dataDeletionDays} days` : ""}, and you are signed out everywhere. Your credits are
          lost with it.
        </Step>
      </ol>
      <form onSubmit={submit} noValidate className="panel mt-8 flex flex-col gap-4 px-5 py-7 sm:px-8">
        <span className="panel-corners" aria-hidden="true" />
        <div>
          <label htmlFor={`${id}-email`} className="label">
            Email address
          </label>
          <input
            ref={inputRef}
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-required="true"
            placeholder="you@example.com"
            className="field"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            disabled={request.isPending}
            {...fieldErrorProps(errorId, error, hintId)}
          />
          <p id={hintId} className="mt-1.5 text-sm text-bone-faint">
            The House answers every address alike: it never tells who is a member.
          </p>
          <FieldError id={errorId} message={error} />
        </div>
        <Button type="submit" disabled={email.trim() === "" || request.isPending} className="w-full">
          {request.isPending && <Spinner className="h-4 w-4" />}
          {request.isPending ? "Submitting..." : "Request Deletion"}
        </Button>
      </form>
      <p className="mt-6 text-center text-base text-bone-muted">
        What is erased and what is kept:{" "}
        <Link to={`${paths.privacy.href()}#your-rights`} className="link-quiet text-bone">
          the privacy policy
        </Link>
        .
      </p>
    </>
  );
}

function Step({ n, children }: { n: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden="true" className="w-8 shrink-0 pt-0.5 font-display text-base text-blood-bright">
        {n}.
      </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** The mailed link was followed: the request is confirmed (once; opening it again answers the same). */
function ConfirmDeletion({ token }: { token: string }) {
  const confirm = useConfirmDeletion();
  const asked = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) {
    return (
      <section
        role="status"
        aria-labelledby="deletion-confirmed"
        className="panel mt-10 px-5 py-8 text-center sm:px-10"
      >
        <span className="panel-corners" aria-hidden="true" />
        <p aria-hidden="true" className="text-4xl text-gold">
          ✦
        </p>
        <h2 id="deletion-confirmed" className="mt-2 text-2xl text-gold-bright sm:text-3xl">
          Request Confirmed
        </h2>
        <p className="mt-4 text-lg text-bone">{confirm.data.message}</p>
        <p className="mt-4 text-base text-bone-muted">There is nothing more to do.</p>
      </section>
    );
  }
  if (confirm.isError) {
    const unreachable = confirm.error instanceof NetworkError;
    return (
      <section
        role="alert"
        aria-labelledby="deletion-link-refused"
        className="panel mt-10 px-5 py-8 text-center sm:px-10"
      >
        <span className="panel-corners" aria-hidden="true" />
        <h2 id="deletion-link-refused" className="text-2xl sm:text-3xl">
          {unreachable ? "The House cannot be reached" : "This link cannot be used"}
        </h2>
        <p className="mt-4 text-lg text-bone-muted">{messageOf(confirm.error, DataDeletionToasts.failed)}</p>
        <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          {unreachable ? (
            <Button variant="outline" onClick={() => mutate(token)}>
              Try again
            </Button>
          ) : (
            <Link to={paths.dataDeletion.href()} className="btn btn-outline">
              Ask for a new link
            </Link>
          )}
        </div>
      </section>
    );
  }
  return (
    <div role="status" className="mt-12 flex flex-col items-center gap-3">
      <Spinner className="h-8 w-8" />
      <span className="text-base text-bone-faint italic">Confirming your request...</span>
    </div>
  );
}
