import { type GiftGuideAnswer, giftGuideAnswer } from "@bm/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const catalogueKeys = {
  all: () => ["catalogue"] as const,
};

/** The gift guide: cash-priced products; for staff also the credit-priced ones. */
export function getGiftGuide(signal?: AbortSignal): Promise<GiftGuideAnswer> {
  return api.get("/api/gift-guide-products", giftGuideAnswer, signal);
}

export function useGiftGuide() {
  return useQuery({ queryKey: catalogueKeys.all(), queryFn: ({ signal }) => getGiftGuide(signal) });
}
