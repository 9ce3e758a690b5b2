export { CreditBalance } from "./components/credit-balance";
export { HeaderCredits } from "./components/header-credits";
export { loadCommittedCredits, resetCredits, setCommittedCredits, useCreditsStore } from "./stores/credits-store";
