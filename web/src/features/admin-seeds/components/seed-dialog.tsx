import { AdminToasts } from "@bm/shared/admin";
import { useState } from "react";
import { ConfirmDialog, refusalMessage } from "../../../components/admin";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { type SeedTargetInfo, useRunSeed } from "../api/run-seed";

interface SeedDialogProps {
  target: SeedTargetInfo;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The question before a seed: what it replaces. When the server refuses because members' data
 * would go (409), its words show here and 'Seed anyway' sends `force`.
 */
export function SeedDialog({ target, open, onOpenChange }: SeedDialogProps) {
  const seed = useRunSeed(target);
  const [refusal, setRefusal] = useState<string | null>(null);

  function close(next: boolean) {
    if (!next) setRefusal(null);
    onOpenChange(next);
  }

  function run() {
    const force = refusal !== null;
    seed.mutate(force, {
      onSuccess: ({ count }) => {
        toast({ title: AdminToasts.seededTitle, description: AdminToasts.seeded(target.name, count) });
        close(false);
      },
      onError: (error) => {
        if (!force && error instanceof ApiError && error.status === 409) {
          setRefusal(error.message);
          return;
        }
        toast({
          title: AdminToasts.seedFailed(target.name),
          description: refusalMessage(error, "") || undefined,
          variant: "destructive",
        });
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={`Seed ${target.name}?`}
      confirmLabel={refusal ? "Seed anyway" : `Seed ${target.name}`}
      onConfirm={run}
      pending={seed.isPending}
      error={refusal}
    >
      <p>
        This clears and replaces <strong className="text-bone">{target.replaces}</strong> with the built-in demo
        content.
      </p>
      <p>Balances and the credit ledger are never touched.</p>
    </ConfirmDialog>
  );
}
