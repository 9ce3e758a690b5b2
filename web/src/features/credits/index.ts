export { CreditBalance } from "./components/credit-balance";
export { HeaderCreditsButton } from "./components/header-credits-button";
export {
  applyUserCredits,
  availableCreditsCents,
  loadCreditAccount,
  refreshCredits,
  resetCredits,
  useCreditsStore,
} from "./stores/credits-store";
