export { DeletionRequestsTab } from "./components/deletion-requests-tab";
