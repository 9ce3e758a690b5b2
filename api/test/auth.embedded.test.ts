import { authSuite } from "./auth.suite";

authSuite("embedded");
