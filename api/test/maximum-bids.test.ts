import { maximumBidsSuite } from "./maximum-bids.suite";

maximumBidsSuite("distributed");
