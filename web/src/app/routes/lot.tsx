import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { refreshCredits } from "../../features/credits";
import { LotDetail, LotNotFound } from "../../features/lots";
import { useAvailableCredits } from "../hooks/use-available-credits";

/** /lot/{lotNumber}: the lot page, with the member's available credits for its bid form. */
export function LotPage() {
  const { lotNumber: raw } = useParams();
  const lotNumber = raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  const availableCents = useAvailableCredits();

  useEffect(() => {
    refreshCredits();
  }, []);

  if (!Number.isSafeInteger(lotNumber) || lotNumber <= 0) return <LotNotFound lotNumber={lotNumber} />;
  return (
    <LotDetail key={lotNumber} lotNumber={lotNumber} availableCents={availableCents} onBidPlaced={refreshCredits} />
  );
}
