import { bidderLabelsEntity } from "../bids/bidder-labels";

/** A member's stable label on a legacy auction ("Bidder 3"), given at their first bid on it. */
export const AuctionBidderEntity = bidderLabelsEntity({
  name: "AuctionBidder",
  table: "auction_bidders",
  parent: "auctionId",
  parentEntity: "Auction",
  parentColumn: "auction_id",
});
