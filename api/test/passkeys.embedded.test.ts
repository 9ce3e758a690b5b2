import { passkeysSuite } from "./passkeys.suite";

passkeysSuite("embedded");
