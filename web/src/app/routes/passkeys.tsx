import { PasskeysPage } from "../../features/passkeys";

/** /passkeys (its own chunk: the router loads it lazily as this module's default). */
export default PasskeysPage;
