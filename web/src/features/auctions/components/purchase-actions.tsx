import type { AuctionAnswer } from "@bm/shared";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { createPurchaseLink } from "../api/create-purchase-link";
import { purchaseView } from "../lib/auction-status";
import { loadAuction } from "../stores/auction-loaders";
import { receiveAuction } from "../stores/auctions-store";

/** A won auction: Purchase Now, or claim with credits (which asks for a link), or nothing to buy. */
export function PurchaseActions({ auction }: { auction: AuctionAnswer }) {
  const view = purchaseView(auction);
  const [pending, setPending] = useState(false);

  async function onClaim() {
    if (pending) return;
    setPending(true);
    try {
      const answer = await createPurchaseLink(auction.id);
      receiveAuction({ ...auction, purchaseLink: answer.purchaseLink });
      toast({ title: "Purchase Link Ready", description: answer.message });
      void loadAuction(auction.id);
    } catch (error) {
      if (reportIfSessionExpired(error)) return;
      toast({
        title: "Error",
        description: messageOf(error, "Failed to generate purchase link"),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  if (view.kind === "purchase") {
    return (
      <a href={view.url} target="_blank" rel="noopener noreferrer" className="btn btn-primary w-full">
        Purchase Now
      </a>
    );
  }
  if (view.kind === "claim") {
    return (
      <Button onClick={onClaim} disabled={pending} className="w-full">
        {pending && <Spinner className="h-4 w-4" />}
        Claim with credits
      </Button>
    );
  }
  return <p className="text-center text-base text-bone-muted italic">Not available for purchase</p>;
}
