export { applyAuctionBid, applyAuctionUpdate, markAuctionOutbid } from "./api/auction-cache";
export { AuctionArchive } from "./components/auction-archive";
export { AuctionDetail } from "./components/auction-detail";
export { AuctionHub } from "./components/auction-hub";
