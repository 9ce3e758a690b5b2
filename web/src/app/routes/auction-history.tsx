import { AuctionArchive } from "../../features/auctions";

/** /auction-history: the archive of every auction. */
export function AuctionHistoryPage() {
  return <AuctionArchive />;
}
