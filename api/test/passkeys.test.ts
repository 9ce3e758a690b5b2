import { passkeysSuite } from "./passkeys.suite";

passkeysSuite("distributed");
