import type { ChallengeType } from "@bm/shared";
import { AdminToasts } from "@bm/shared/admin";
import { refusalMessage } from "../../../components/admin";
import { toast } from "../../../components/ui/toast";
import { titleOf } from "../../../lib/api";

/** 'Puzzle created' / 'Trial updated' with their sentence (spec section 8). */
export function toastSaved(type: ChallengeType, created: boolean) {
  const { title, message } = AdminToasts.saved(type, created);
  toast({ title, description: message });
}

/** 'Error' with the server's words, or 'Failed to save puzzle' / 'Failed to save task'. */
export function toastSaveFailed(type: ChallengeType, error: unknown) {
  toast({
    title: titleOf(error, AdminToasts.errorTitle),
    description: refusalMessage(error, AdminToasts.saveFailed(type)),
    variant: "destructive",
  });
}
