import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { AuctionDetail } from "../../features/auctions";
import { refreshCredits } from "../../features/credits";
import { useAvailableCredits } from "../hooks/use-available-credits";

/** /auction/{id}. */
export function AuctionDetailPage() {
  const { id } = useParams();
  const availableCents = useAvailableCredits();
  useEffect(() => {
    refreshCredits();
  }, []);
  return <AuctionDetail key={id} idParam={id} availableCents={availableCents} onBidPlaced={refreshCredits} />;
}
