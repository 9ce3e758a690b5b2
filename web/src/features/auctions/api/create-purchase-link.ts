import { type AuctionAnswer, purchaseLinkAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { auctionKeys } from "./auction-cache";

type PurchaseLinkAnswer = ReturnType<typeof purchaseLinkAnswer.parse>;

/** Asks the shop for a checkout link for a won auction, its credits applied as a discount. */
export function createPurchaseLink(id: number): Promise<PurchaseLinkAnswer> {
  return api.post(`/api/auctions/${id}/purchase-link`, {}, purchaseLinkAnswer);
}

/** The link is shown at once, then the auction asked for again. */
export function useCreatePurchaseLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (auction: AuctionAnswer) => createPurchaseLink(auction.id),
    onSuccess: (answer, auction) => {
      client.setQueryData<AuctionAnswer>(auctionKeys.detail(auction.id), (held) =>
        held ? { ...held, purchaseLink: answer.purchaseLink } : held,
      );
      void client.invalidateQueries({ queryKey: auctionKeys.detail(auction.id) });
    },
  });
}
