import { CreditsHistoryPage } from "../../features/credits/components/credits-history-page";

/** /credits-history (its own chunk: the router loads it lazily as this module's default). */
export default CreditsHistoryPage;
