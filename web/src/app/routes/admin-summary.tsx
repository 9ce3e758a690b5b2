import { ActivitySummaryPage } from "../../features/admin-analytics";

/** /summary, 'Activity Summary' (its own chunk: the router loads it lazily as this module's default). */
export default ActivitySummaryPage;
