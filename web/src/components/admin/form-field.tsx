import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { FieldError, fieldErrorProps } from "../ui/field-error";

/** What a control needs to be tied to its label, its hint and its error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FormFieldProps {
  label: ReactNode;
  /** The field's message (from the schema, or the server's refusal matched to this field). */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The control, given the attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, control, hint and message: the control carries `aria-invalid` and `aria-describedby`
 * naming the message, so a screen reader reads the message with the field.
 */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col", className)}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children({ id, ...fieldErrorProps(errorId, error, hintId) })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-bone-faint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
