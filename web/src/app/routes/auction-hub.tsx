import { useEffect } from "react";
import { AuctionHub } from "../../features/auctions";
import { refreshCredits } from "../../features/credits";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAvailableCredits } from "../hooks/use-available-credits";

/** /auction: the live exhibition. */
export function AuctionHubPage() {
  useDocumentTitle("The Exhibition");
  const availableCents = useAvailableCredits();
  useEffect(() => {
    refreshCredits();
  }, []);
  return <AuctionHub availableCents={availableCents} onBidPlaced={refreshCredits} />;
}
