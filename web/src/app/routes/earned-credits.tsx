import { EarnedCreditsPage } from "../../features/credits/components/earned-credits-page";

/** /earned-credits-breakdown (its own chunk: the router loads it lazily as this module's default). */
export default EarnedCreditsPage;
