import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError, UNREACHABLE_MESSAGE } from "../../../lib/api";
import { useEnterGate } from "../api/enter-gate";

interface GateDialogProps {
  open: boolean;
  /** The member turned back (the button, Escape or the backdrop). */
  onDismiss: () => void;
  /** The server accepted the word and remembers it for the member; the caller closes the dialog. */
  onGranted: () => void;
}

const DENIED = "Incorrect password. Access denied.";

/** The Bidding Hall's gate: the word goes to the server, which alone knows it. */
export function GateDialog({ open, onDismiss, onGranted }: GateDialogProps) {
  const [password, setPassword] = useState("");
  const enter = useEnterGate();
  const pending = enter.isPending;
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = useId();
  // Why the word was refused, shown at the field (the toast announces it).
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setPassword("");
      setError(null);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }, [open]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    try {
      const ok = await enter.mutateAsync({ password });
      if (ok) {
        onGranted();
        return;
      }
      toast({ title: DENIED, variant: "destructive" });
      setError(DENIED);
    } catch (failure) {
      if (failure instanceof ApiError) {
        // Every refusal reads as a denial; whatever else the server says (a limit, a bad request) follows in its words.
        const detail = failure.message !== DENIED ? failure.message : undefined;
        toast({ title: DENIED, description: detail, variant: "destructive" });
        setError(detail ? `${DENIED} ${detail}` : DENIED);
      } else {
        toast({ title: "Connection Lost", description: UNREACHABLE_MESSAGE, variant: "destructive" });
      }
    }
    setPassword("");
    inputRef.current?.focus();
  }

  return (
    <Dialog
      open={open}
      // The native close event also follows a close asked for by the caller (after a grant): only
      // a close while the dialog is meant to be open is the member turning back.
      onOpenChange={(next) => {
        if (!next && open) onDismiss();
      }}
      title="The Bidding Hall is Sealed"
      description="Speak the word the House gave you, and the doors will open."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        <div>
          <label htmlFor={id} className="label">
            Password
          </label>
          <input
            ref={inputRef}
            id={id}
            type="password"
            autoComplete="off"
            className="field"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            {...fieldErrorProps(errorId, error)}
          />
          <FieldError id={errorId} message={error} />
        </div>
        <div className="flex flex-col-reverse gap-3 min-[420px]:flex-row min-[420px]:justify-end">
          <Button variant="ghost" onClick={onDismiss}>
            Turn back
          </Button>
          <Button type="submit" disabled={pending || password.length === 0}>
            {pending && <Spinner className="h-4 w-4" />}
            Unseal
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
