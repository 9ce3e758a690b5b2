export { CovenantPage } from "./components/covenant-page";
export { specialAnswer } from "./components/special-answer";
