import type { ChallengeType } from "@bm/shared";
import type { AdminChallenge } from "@bm/shared/admin";
import { Dialog } from "../../../components/ui/dialog";
import { typeNoun } from "../api/challenge-keys";
import { ChallengeForm } from "./challenge-form";

/** Which form is open: a new one, or an existing challenge. */
export type ChallengeDialogState = { mode: "create" } | { mode: "edit"; challenge: AdminChallenge } | null;

interface ChallengeFormDialogProps {
  type: ChallengeType;
  state: ChallengeDialogState;
  onClose: () => void;
}

/** The dashboard's modal form: Create Puzzle / Edit Trial. A stray click outside does not close it. */
export function ChallengeFormDialog({ type, state, onClose }: ChallengeFormDialogProps) {
  const noun = typeNoun(type);
  const challenge = state?.mode === "edit" ? state.challenge : null;
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => !open && onClose()}
      title={challenge ? `Edit ${noun}` : `Create ${noun}`}
      description={challenge ? `#${challenge.id} · ${challenge.label}` : undefined}
      size="wide"
      closeOnBackdrop={false}
    >
      {state !== null && (
        <ChallengeForm
          key={challenge?.id ?? "new"}
          type={type}
          challenge={challenge}
          onSaved={onClose}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
