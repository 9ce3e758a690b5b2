import { standingRitesSuite } from "./standing-rites.suite";

standingRitesSuite("embedded");
