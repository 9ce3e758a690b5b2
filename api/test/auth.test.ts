import { authSuite } from "./auth.suite";

authSuite("distributed");
