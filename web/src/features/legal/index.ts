export { DataDeletionPage } from "./components/data-deletion";
export { FaqPage } from "./components/faq";
export { PrivacyPolicyPage } from "./components/privacy-policy";
export { TermsPage } from "./components/terms-conditions";
