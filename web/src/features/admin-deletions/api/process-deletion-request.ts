import { AdminToasts, deletionProcessAnswer } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refusalMessage } from "../../../components/admin";
import { toast } from "../../../components/ui/toast";
import { api, titleOf } from "../../../lib/api";
import { deletionKeys } from "./get-deletion-requests";

/** POST /api/admin/deletion-requests/{id}/process: erase the member's personal data now. */
export function processDeletionRequest(id: number) {
  return api.post(`/api/admin/deletion-requests/${id}/process`, {}, deletionProcessAnswer);
}

export function useProcessDeletionRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: processDeletionRequest,
    onSuccess: ({ request }) =>
      toast({ title: "Request processed", description: `The personal data of ${request.email} has been erased.` }),
    onError: (error) =>
      toast({
        title: titleOf(error, AdminToasts.errorTitle),
        description: refusalMessage(error, "Failed to process the request"),
        variant: "destructive",
      }),
    onSettled: () => client.invalidateQueries({ queryKey: deletionKeys.all() }),
  });
}
