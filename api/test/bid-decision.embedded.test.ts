import { bidDecisionSuite } from "./bid-decision.suite";

bidDecisionSuite("embedded");
