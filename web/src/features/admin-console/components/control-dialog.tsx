import type { ReactNode } from "react";
import { useEffect } from "react";
import { ConfirmDialog, refusalMessage } from "../../../components/admin";
import { type ConsoleControl, useConsoleControl } from "../api/controls";

interface ControlDialogProps {
  title: string;
  confirmLabel: string;
  /** The control to send on confirmation; null keeps the button disabled (a form not valid yet). */
  control: ConsoleControl | null;
  onClose: () => void;
  /** After the server said yes (then the dialog closes). */
  onDone?: () => void;
  /** Confirmed while `control` is null: the form shows its messages. */
  onInvalid?: () => void;
  /** What will happen, and who is told. */
  children: ReactNode;
}

/**
 * The question before every console control: what it does and to whom it is told, Cancel, and
 * the action named. The server's refusal (a 409 naming the state, a 404) stays in the dialog.
 */
export function ControlDialog({
  title,
  confirmLabel,
  control,
  onClose,
  onDone,
  onInvalid,
  children,
}: ControlDialogProps) {
  const mutation = useConsoleControl();
  // A changed form clears the last refusal: the next attempt is a new question.
  const key = JSON.stringify(control);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request's words are the trigger.
  useEffect(() => {
    if (mutation.isError) mutation.reset();
  }, [key]);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      confirmLabel={confirmLabel}
      pending={mutation.isPending}
      error={mutation.isError ? refusalMessage(mutation.error, `${confirmLabel} failed`) : null}
      onConfirm={() => {
        if (control)
          mutation.mutate(control, {
            onSuccess: () => {
              onDone?.();
              onClose();
            },
          });
        else onInvalid?.();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
