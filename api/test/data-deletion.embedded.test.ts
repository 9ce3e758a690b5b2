import { dataDeletionSuite } from "./data-deletion.suite";

dataDeletionSuite("embedded");
