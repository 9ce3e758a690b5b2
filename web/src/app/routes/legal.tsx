import { FaqPage, PrivacyPolicyPage, TermsPage } from "../../features/legal";

/** /privacy-policy, /terms-conditions and /faq: the House's written pages, open to anyone. */
export function PrivacyPolicy() {
  return <PrivacyPolicyPage />;
}

export function Terms() {
  return <TermsPage />;
}

export function Faq() {
  return <FaqPage />;
}
