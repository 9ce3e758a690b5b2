import { purchaseLinkAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

type PurchaseLinkAnswer = ReturnType<typeof purchaseLinkAnswer.parse>;

/** Asks the shop for a checkout link for a won auction, its credits applied as a discount. */
export function createPurchaseLink(id: number): Promise<PurchaseLinkAnswer> {
  return api.post(`/api/auctions/${id}/purchase-link`, {}, purchaseLinkAnswer);
}
