import { type ProcessCodesAnswer, processCodesAnswer } from "@bm/shared";
import { AdminToasts } from "@bm/shared/admin";
import { useMutation } from "@tanstack/react-query";
import { refusalMessage } from "../../../components/admin";
import { toast } from "../../../components/ui/toast";
import { api, titleOf } from "../../../lib/api";

/** POST /api/admin/social-rite/process-codes: each code awarded, already completed, or not found. */
export function processCodes(codes: string[]): Promise<ProcessCodesAnswer> {
  return api.post("/api/admin/social-rite/process-codes", { codes }, processCodesAnswer);
}

/**
 * 'Processing Complete' with the counts, or 'Processing Failed'. Nothing this screen reads is
 * cached elsewhere in the admin area (the audit trail is asked for fresh when opened).
 */
export function useProcessCodes() {
  return useMutation({
    mutationFn: processCodes,
    onSuccess: ({ summary }) =>
      toast({
        title: AdminToasts.processingCompleteTitle,
        description: AdminToasts.processingComplete(summary.awarded, summary.alreadyCompleted, summary.notFound),
      }),
    onError: (error) =>
      toast({
        title: titleOf(error, AdminToasts.processingFailedTitle),
        description: refusalMessage(error, AdminToasts.processingFailed),
        variant: "destructive",
      }),
  });
}
