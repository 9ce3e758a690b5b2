/**
 * Suspending a member (issue 17): the panel (status, history, suspend, lift) and the dialog, each
 * taking a member's id. The members' page mounts the panel; nothing else reaches them.
 */
export { SuspendMemberDialog } from "./components/suspend-member-dialog";
export { SuspensionPanel } from "./components/suspension-panel";
