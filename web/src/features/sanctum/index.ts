export { AdminNote } from "./components/admin-note";
export { BiddingHallCard } from "./components/bidding-hall-card";
export { ChamberCard } from "./components/chamber-card";
export { FlameIcon, TomeIcon } from "./components/chamber-icons";
export { SanctumExplainer } from "./components/sanctum-explainer";
