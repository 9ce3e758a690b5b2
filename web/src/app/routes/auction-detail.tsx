import { useParams } from "react-router-dom";
import { AuctionDetail } from "../../features/auctions";
import { useAvailableCredits, useRefreshCredits } from "../hooks/use-available-credits";

/** /auction/{id}. */
export function AuctionDetailPage() {
  const { id } = useParams();
  const availableCents = useAvailableCredits();
  const refreshCredits = useRefreshCredits();
  return <AuctionDetail key={id} idParam={id} availableCents={availableCents} onBidPlaced={refreshCredits} />;
}
