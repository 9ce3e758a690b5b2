import { AuctionHub } from "../../features/auctions";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAvailableCredits, useRefreshCredits } from "../hooks/use-available-credits";

/** /auction: the live exhibition. */
export function AuctionHubPage() {
  useDocumentTitle("The Exhibition");
  const availableCents = useAvailableCredits();
  const refreshCredits = useRefreshCredits();
  return <AuctionHub availableCents={availableCents} onBidPlaced={refreshCredits} />;
}
