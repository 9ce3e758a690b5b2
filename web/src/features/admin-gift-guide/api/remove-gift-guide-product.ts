import { AdminToasts } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refusalMessage } from "../../../components/admin";
import { toast } from "../../../components/ui/toast";
import { api, titleOf } from "../../../lib/api";
import { giftGuideKeys } from "./gift-guide-keys";

/** DELETE /api/admin/gift-guide-products/{id}. */
export function removeGiftGuideProduct(id: number) {
  return api.delete(`/api/admin/gift-guide-products/${id}`);
}

/** 'Product removed', or 'Error' with the server's words. */
export function useRemoveGiftGuideProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeGiftGuideProduct,
    onSuccess: () => toast({ title: AdminToasts.productRemovedTitle, description: AdminToasts.productRemoved }),
    onError: (error) =>
      toast({
        title: titleOf(error, AdminToasts.errorTitle),
        description: refusalMessage(error, AdminToasts.productRemoveFailed),
        variant: "destructive",
      }),
    onSettled: () => client.invalidateQueries({ queryKey: giftGuideKeys.all() }),
  });
}
