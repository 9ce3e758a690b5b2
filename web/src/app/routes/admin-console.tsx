import { ConsolePage } from "../../features/admin-console";

/** /admin/console, 'Live Console': the auction as it happens, and the House's controls. */
export default ConsolePage;
