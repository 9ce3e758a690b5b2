export {
  applyLotBid,
  applyLotClosed,
  applyLotResync,
  applyLotUpdate,
  applyLotVoid,
  applyUserLead,
  markOutbid,
  refreshWonLot,
  updateOfBid,
  versionGapBefore,
} from "./api/lot-cache";
export { BiddingHall } from "./components/bidding-hall";
export { BiddingRitesDialog } from "./components/bidding-rites-dialog";
export { LotDetail } from "./components/lot-detail";
export { LotNotFound } from "./components/lot-not-found";
export { VictoriesMenu } from "./components/victories-menu";
export { acknowledgeRites, hasAcknowledgedRites } from "./lib/rites";
export { applyHallBanner } from "./stores/banner-store";
export { resetLotGate, unsealLots, useLotGateStore } from "./stores/gate-store";
