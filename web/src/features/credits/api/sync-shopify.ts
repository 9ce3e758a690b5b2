import { type MessageAnswer, messageAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** The year of orders the sync asks the shop about (spec section 9). */
const SYNC_YEAR = 2024;

/** Asks the server to credit the member's shop orders it has not credited yet. */
export function syncShopify(): Promise<MessageAnswer> {
  return api.post("/api/shopify/sync", { year: SYNC_YEAR }, messageAnswer);
}
