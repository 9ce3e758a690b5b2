import { bidderLabelsEntity } from "../bids/bidder-labels";

/** A member's stable label on a lot ("Bidder 3"), given at their first bid on it. */
export const LotBidderEntity = bidderLabelsEntity({
  name: "LotBidder",
  table: "lot_bidders",
  parent: "lotId",
  parentEntity: "AuctionLot",
  parentColumn: "lot_id",
});
