import type { AuctionAnswer } from "@bm/shared";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { useCreatePurchaseLink } from "../api/create-purchase-link";
import { purchaseView } from "../lib/auction-status";

/** A won auction: Purchase Now, or claim with credits (which asks for a link), or nothing to buy. */
export function PurchaseActions({ auction }: { auction: AuctionAnswer }) {
  const view = purchaseView(auction);
  const createLink = useCreatePurchaseLink();
  const pending = createLink.isPending;

  async function onClaim() {
    if (pending) return;
    try {
      const answer = await createLink.mutateAsync(auction);
      toast({ title: "Purchase Link Ready", description: answer.message, aboutPage: true });
    } catch (error) {
      if (reportIfSessionExpired(error)) return;
      toast({
        title: "Error",
        description: messageOf(error, "Failed to generate purchase link"),
        variant: "destructive",
        aboutPage: true,
      });
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
