import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { useUser } from "../../features/auth";
import { refreshCredits } from "../../features/credits";
import { forgetGateAccess, GateDialog, hasGateAccess } from "../../features/gate";
import { acknowledgeRites, BiddingHall, BiddingRitesDialog, hasAcknowledgedRites } from "../../features/lots";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAvailableCredits } from "../hooks/use-available-credits";

/**
 * /auctions: behind the password gate (staff, and members who passed it before, walk in;
 * turning back returns to the Sanctum), then the Bidding Rites once, then the hall.
 */
export function BiddingHallPage() {
  useDocumentTitle("Bidding Hall");
  const user = useUser();
  const navigate = useNavigate();
  const [granted, setGranted] = useState(() => Boolean(user?.isStaff) || hasGateAccess());
  const [ritesOpen, setRitesOpen] = useState(false);
  const availableCents = useAvailableCredits();
  const onForbidden = useCallback(() => {
    forgetGateAccess();
    setGranted(false);
  }, []);

  useEffect(() => {
    if (!granted) return;
    refreshCredits();
    if (!hasAcknowledgedRites()) setRitesOpen(true);
  }, [granted]);

  return (
    <>
      <BiddingHall enabled={granted} availableCents={availableCents} onForbidden={onForbidden} />
      <GateDialog
        open={!granted}
        onOpenChange={(open) => {
          if (!open && !hasGateAccess()) navigate(paths.sanctum.href(), { replace: true });
        }}
        onGranted={() => setGranted(true)}
      />
      <BiddingRitesDialog
        open={granted && ritesOpen}
        onOpenChange={setRitesOpen}
        onAcknowledge={() => {
          acknowledgeRites();
          setRitesOpen(false);
        }}
      />
    </>
  );
}
