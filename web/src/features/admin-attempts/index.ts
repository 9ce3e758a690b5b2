export { AttemptsPage } from "./components/attempts-page";
export { VerdictBadge } from "./components/verdict-badge";
