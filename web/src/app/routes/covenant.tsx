import { CovenantPage } from "../../features/special-trials";

/** /contract/covenant */
export default CovenantPage;
