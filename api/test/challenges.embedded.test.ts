import { challengesSuite } from "./challenges.suite";

challengesSuite("embedded");
