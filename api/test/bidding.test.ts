import { biddingSuite } from "./bidding.suite";

biddingSuite("distributed");
