import { ChartsPage } from "../../features/admin-analytics";

/** /admin/charts, 'Charts' (part of the admin chunk; the chart library is a lazy chunk of its own). */
export default ChartsPage;
