import { catalogueSuite } from "./catalogue.suite";

catalogueSuite("embedded");
