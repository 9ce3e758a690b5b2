export { ReferralPanel } from "./components/referral-panel";
export { SocialRitePanel } from "./components/social-rite-panel";
export { SpecialTrialPanel } from "./components/special-trial-panel";
