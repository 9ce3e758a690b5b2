import { CODE_LENGTH } from "@bm/shared";
import { type FormEvent, type RefObject, useId } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";

interface EmailStepProps {
  email: string;
  onEmailChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  sending: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Why the address was refused, shown at the field. */
  error?: string | null;
}

/** Step I: the address the code goes to. */
export function EmailStep({ email, onEmailChange, onSubmit, sending, inputRef, error }: EmailStepProps) {
  const id = useId();
  const errorId = useId();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-center text-base text-bone-muted">
        No passwords. Give the House your e-mail and it will send a {CODE_LENGTH}-digit code to let you in.
      </p>
      <div>
        <label htmlFor={id} className="label">
          Email
        </label>
        <input
          ref={inputRef}
          id={id}
          name="email"
          type="email"
          inputMode="email"
          // "webauthn": the browser offers the member's passkeys in this field's autofill.
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          className="field"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          {...fieldErrorProps(errorId, error)}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <Button type="submit" disabled={sending} className="w-full">
        {sending && <Spinner className="h-4 w-4" />}
        {sending ? "Sending..." : "Send Code"}
      </Button>
    </form>
  );
}
