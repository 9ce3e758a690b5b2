import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the action will do, said plainly. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** A refusal to show in the dialog (the server's words). */
  error?: string | null;
}

/** The question before a destructive action: what it does, Cancel, and the action named. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title}>
      <div className="flex flex-col gap-4 text-base text-bone-muted">{children}</div>
      {error && (
        <p role="alert" className="mt-4 border border-blood-bright/50 bg-blood-deep/30 px-4 py-3 text-base text-bone">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Working..." : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
