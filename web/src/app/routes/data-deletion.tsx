import { DataDeletionPage } from "../../features/legal";

/** /data-deletion (its own chunk: the router loads it lazily as this module's default). Open to anyone. */
export default DataDeletionPage;
