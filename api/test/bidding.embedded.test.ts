import { biddingSuite } from "./bidding.suite";

biddingSuite("embedded");
