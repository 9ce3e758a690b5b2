import { CODE_LENGTH, sanitizeCodeInput } from "@bm/shared";
import { type RefObject, useId } from "react";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Why the code was refused, shown at the field. */
  error?: string | null;
}

/** Keeps digits only, at most six, whatever is typed or pasted. */
export function CodeField({ value, onChange, inputRef, error }: CodeFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        Verification code
      </label>
      <input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        {...fieldErrorProps(errorId, error, hintId)}
        placeholder={"·".repeat(CODE_LENGTH)}
        className="field text-center font-display text-2xl tracking-[0.5em] lining-nums tabular-nums placeholder:not-italic placeholder:tracking-[0.5em] sm:text-3xl"
        value={value}
        onChange={(event) => onChange(sanitizeCodeInput(event.target.value))}
      />
      <p id={hintId} className="mt-2 text-center text-sm text-bone-faint">
        {value.length} of {CODE_LENGTH} digits
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
