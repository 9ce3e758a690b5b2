import { CataloguePage } from "../../features/catalogue/components/catalogue-page";

/** /gift-guide (its own chunk: the router loads it lazily as this module's default). */
export default CataloguePage;
