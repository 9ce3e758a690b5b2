import { useNavigate, useParams } from "react-router-dom";
import { paths } from "../../config/paths";
import { GateDialog } from "../../features/gate";
import { LotDetail, LotNotFound } from "../../features/lots";
import { useAvailableCredits, useRefreshCredits } from "../hooks/use-available-credits";
import { useBiddingGate } from "../hooks/use-bidding-gate";

/**
 * /lot/{lotNumber}: the lot page, with the member's available credits for its bid form. A lot
 * refused at the gate asks for the word there (turning back returns to the Sanctum).
 */
export function LotPage() {
  const { lotNumber: raw } = useParams();
  const lotNumber = raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  const availableCents = useAvailableCredits();
  const refreshCredits = useRefreshCredits();
  const navigate = useNavigate();
  const gate = useBiddingGate();

  if (!Number.isSafeInteger(lotNumber) || lotNumber <= 0) return <LotNotFound lotNumber={lotNumber} />;
  return (
    <>
      <LotDetail key={lotNumber} lotNumber={lotNumber} availableCents={availableCents} onBidPlaced={refreshCredits} />
      <GateDialog
        open={gate.refused}
        onDismiss={() => navigate(paths.sanctum.href(), { replace: true })}
        onGranted={gate.granted}
      />
    </>
  );
}
