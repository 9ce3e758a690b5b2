import { attemptsSuite } from "./admin-attempts.suite";

attemptsSuite("distributed");
