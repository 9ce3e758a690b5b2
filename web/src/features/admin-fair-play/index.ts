export { FlagPage } from "./components/flag-page";
export { FlagQueuePage } from "./components/flag-queue-page";
