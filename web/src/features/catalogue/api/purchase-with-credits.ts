import {
  type GiftGuideProductView,
  type PurchaseWithCreditsAnswer,
  type PurchaseWithCreditsBody,
  purchaseWithCreditsAnswer,
} from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshCredits } from "../../../api/credit-keys";
import { api } from "../../../lib/api";

/** The spec's body for a credit-priced product (the server checks it against its own catalogue). */
export function purchaseBody(product: GiftGuideProductView): PurchaseWithCreditsBody {
  return {
    productId: product.id,
    shopifyProductId: product.shopifyProductId,
    shopifyVariantId: product.shopifyVariantId,
    creditsRequired: product.creditPrice ?? 0,
    productTitle: product.title,
    productPrice: product.price,
  };
}

export function purchaseWithCredits(product: GiftGuideProductView): Promise<PurchaseWithCreditsAnswer> {
  return api.post("/api/purchase-with-credits", purchaseBody(product), purchaseWithCreditsAnswer);
}

/** A discounted checkout; the held credits show at once in the header's figures. */
export function usePurchaseWithCredits() {
  const client = useQueryClient();
  return useMutation({ mutationFn: purchaseWithCredits, onSettled: () => refreshCredits(client) });
}
