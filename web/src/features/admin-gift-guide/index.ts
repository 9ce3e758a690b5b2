export { GiftGuideTab } from "./components/gift-guide-tab";
