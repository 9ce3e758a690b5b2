import { idempotencySuite } from "./idempotency.suite";

idempotencySuite("distributed");
