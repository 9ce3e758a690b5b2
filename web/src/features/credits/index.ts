export {
  applyUserCredits,
  creditKeys,
  invalidateLedger,
  markAccountStale,
  refreshCredits,
} from "../../api/credit-keys";
export { useCommittedCredits } from "./api/get-committed-credits";
export { useCreditAccount, useKnownBalance } from "./api/get-credit-account";
export { syncShopify, useSyncShopify } from "./api/sync-shopify";
export { CreditBalance } from "./components/credit-balance";
export { HeaderCreditsButton } from "./components/header-credits-button";
export { availableCreditsCents } from "./lib/available-credits";
