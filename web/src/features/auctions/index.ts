export { AuctionArchive } from "./components/auction-archive";
export { AuctionDetail } from "./components/auction-detail";
export { AuctionHub } from "./components/auction-hub";
export {
  applyAuctionBid,
  applyAuctionUpdate,
  markAuctionOutbid,
  resetAuctions,
} from "./stores/auctions-store";
