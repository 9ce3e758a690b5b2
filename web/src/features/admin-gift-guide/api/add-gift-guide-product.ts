import { type AddGiftGuideBody, AdminToasts, addGiftGuideAnswer } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refusalMessage } from "../../../components/admin";
import { toast } from "../../../components/ui/toast";
import { api, titleOf } from "../../../lib/api";
import { giftGuideKeys } from "./gift-guide-keys";

/** POST /api/admin/gift-guide-products (the server reads the product from the shop again). */
export function addGiftGuideProduct(body: AddGiftGuideBody) {
  return api.post("/api/admin/gift-guide-products", body, addGiftGuideAnswer);
}

/** 'Product added', or 'Error' with the server's words ('Failed to add product' without them). */
export function useAddGiftGuideProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addGiftGuideProduct,
    onSuccess: () => toast({ title: AdminToasts.productAddedTitle, description: AdminToasts.productAdded }),
    onError: (error) =>
      toast({
        title: titleOf(error, AdminToasts.errorTitle),
        description: refusalMessage(error, AdminToasts.productAddFailed),
        variant: "destructive",
      }),
    // The guide's list and the shop's 'Already Added' marks both change.
    onSettled: () => client.invalidateQueries({ queryKey: giftGuideKeys.all() }),
  });
}
