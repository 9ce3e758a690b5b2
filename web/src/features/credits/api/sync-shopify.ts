import { type MessageAnswer, messageAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshCredits } from "../../../api/credit-keys";
import { api } from "../../../lib/api";

/** The year of orders the sync asks the shop about (spec section 9). */
const SYNC_YEAR = 2024;

/** Asks the server to credit the member's shop orders it has not credited yet. */
export function syncShopify(): Promise<MessageAnswer> {
  return api.post("/api/shopify/sync", { year: SYNC_YEAR }, messageAnswer);
}

/** The sync; both credit figures are asked for again afterwards. */
export function useSyncShopify() {
  const client = useQueryClient();
  return useMutation({ mutationFn: syncShopify, onSuccess: () => refreshCredits(client) });
}
