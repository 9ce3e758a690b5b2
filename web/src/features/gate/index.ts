export { GateDialog } from "./components/gate-dialog";
export { forgetGateAccess, hasGateAccess, rememberGateAccess } from "./lib/gate-access";
