export { DatabaseTab } from "./components/database-tab";
