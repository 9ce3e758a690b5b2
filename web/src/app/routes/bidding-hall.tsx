import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { GateDialog } from "../../features/gate";
import { acknowledgeRites, BiddingHall, BiddingRitesDialog, hasAcknowledgedRites } from "../../features/lots";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAvailableCredits } from "../hooks/use-available-credits";
import { useBiddingGate } from "../hooks/use-bidding-gate";

/**
 * /auctions: behind the gate (members who gave the word once, staff and admins walk in; turning
 * back returns to the Sanctum), then the Bidding Rites once, then the hall.
 */
export function BiddingHallPage() {
  useDocumentTitle("Bidding Hall");
  const navigate = useNavigate();
  const gate = useBiddingGate();
  const [ritesOpen, setRitesOpen] = useState(false);
  const availableCents = useAvailableCredits();

  useEffect(() => {
    if (!gate.open) return;
    if (!hasAcknowledgedRites()) setRitesOpen(true);
  }, [gate.open]);

  return (
    <>
      <BiddingHall enabled={gate.open} availableCents={availableCents} />
      <GateDialog
        open={!gate.open}
        onDismiss={() => navigate(paths.sanctum.href(), { replace: true })}
        onGranted={gate.granted}
      />
      <BiddingRitesDialog
        open={gate.open && ritesOpen}
        onOpenChange={setRitesOpen}
        onAcknowledge={() => {
          acknowledgeRites();
          setRitesOpen(false);
        }}
      />
    </>
  );
}
