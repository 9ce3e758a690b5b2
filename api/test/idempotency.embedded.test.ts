import { idempotencySuite } from "./idempotency.suite";

idempotencySuite("embedded");
