/** The live auction console (issue 17, deliverable 4): its page, for the admin chunk. */
export { ConsolePage } from "./components/console-page";
