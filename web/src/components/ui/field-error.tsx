/**
 * A form error shown at its field. The field points at it with `aria-describedby` and carries
 * `aria-invalid` (see `fieldErrorProps`), so a screen reader reads it with the field; the toast
 * that may accompany it is only the announcement.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-blood-bright">
      {message}
    </p>
  );
}

/** The attributes that tie a field to its error (and to its hint, when it has one). */
export function fieldErrorProps(errorId: string, error: string | null | undefined, hintId?: string) {
  const describedBy = [error ? errorId : null, hintId ?? null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}
