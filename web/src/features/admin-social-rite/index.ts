export { SocialRiteTab } from "./components/social-rite-tab";
