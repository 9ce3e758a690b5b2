export { GateDialog } from "./components/gate-dialog";
