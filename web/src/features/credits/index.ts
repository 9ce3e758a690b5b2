export { BiddingPowerDialog } from "./components/bidding-power-dialog";
export { CreditBalance } from "./components/credit-balance";
export { HeaderCredits } from "./components/header-credits";
export { HeaderCreditsButton } from "./components/header-credits-button";
export {
  applyUserCredits,
  availableCreditsCents,
  loadCommittedCredits,
  loadCreditAccount,
  refreshCredits,
  resetCredits,
  setCommittedCredits,
  useCreditsStore,
} from "./stores/credits-store";
