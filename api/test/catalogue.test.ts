import { catalogueSuite } from "./catalogue.suite";

catalogueSuite("distributed");
