import { socialRiteSuite } from "./social-rite.suite";

socialRiteSuite("embedded");
