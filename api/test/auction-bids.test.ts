import { auctionBidsSuite } from "./auction-bids.suite";

auctionBidsSuite("distributed");
