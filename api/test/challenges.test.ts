import { challengesSuite } from "./challenges.suite";

challengesSuite("distributed");
