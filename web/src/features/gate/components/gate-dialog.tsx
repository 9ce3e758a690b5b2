import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { enterGate } from "../api/enter-gate";

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
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) {
      setPassword("");
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }, [open]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const ok = await enterGate({ password });
      if (ok) {
        onGranted();
        return;
      }
      toast({ title: DENIED, variant: "destructive" });
    } catch (error) {
      if (error instanceof ApiError) {
        // Every refusal reads as a denial; whatever else the server says (a limit, a bad request) follows in its words.
        toast({
          title: DENIED,
          description: error.message !== DENIED ? error.message : undefined,
          variant: "destructive",
        });
      } else {
        toast({
          title: "Connection Lost",
          description: "The gate did not answer. Try again...",
          variant: "destructive",
        });
      }
    } finally {
      setPending(false);
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
            onChange={(event) => setPassword(event.target.value)}
          />
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
