import { specialTrialsSuite } from "./special-trials.suite";

specialTrialsSuite("embedded");
