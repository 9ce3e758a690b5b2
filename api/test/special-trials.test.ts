import { specialTrialsSuite } from "./special-trials.suite";

specialTrialsSuite("distributed");
