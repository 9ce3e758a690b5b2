import { type AdminGiftGuideAnswer, adminGiftGuideAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { giftGuideKeys } from "./gift-guide-keys";

/** GET /api/admin/gift-guide-products: what the gift guide holds now. */
export function getGiftGuideProducts(signal?: AbortSignal): Promise<AdminGiftGuideAnswer> {
  return api.get("/api/admin/gift-guide-products", adminGiftGuideAnswer, signal);
}

export function useGiftGuideProducts() {
  return useQuery({ queryKey: giftGuideKeys.products(), queryFn: ({ signal }) => getGiftGuideProducts(signal) });
}
