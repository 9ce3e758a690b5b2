export { HouseholdSection } from "./components/household-section";
