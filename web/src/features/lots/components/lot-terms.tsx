import { BID_INCREMENT_USD, CREDIT_VALUE_USD } from "@bm/shared";
import { useSite } from "../../../lib/site";

/** The lot's terms; the support address is the configured one (SUPPORT_EMAIL), named once it is known. */
const termsOf = (supportEmail: string | undefined) => [
  `Every bid is binding once confirmed and cannot be withdrawn. Bids rise by at least $${BID_INCREMENT_USD}.`,
  `Credits used on a bid are committed while you lead (1 credit = $${CREDIT_VALUE_USD}). If you are outbid they are released at once; if you win they are deducted only when you pay.`,
  "A bid in a lot's final moments may extend its close, so every bidder has a fair answer. The countdown always shows the true close.",
  "The winner receives a link to the shop's checkout by e-mail and on this page, and pays only the dollar portion there. A prize not claimed within its claim window returns to the House and no credits are taken.",
  "Lots are sold as described. Their stories are the House's own and are not guaranteed.",
  `Questions or disputes: write to ${supportEmail ?? "the House's support address"}. The House's decision on the running of the auction is final.`,
];

/** The Terms & Conditions tab of a lot. */
export function LotTerms() {
  const terms = termsOf(useSite().data?.supportEmail);
  return (
    <ol className="flex list-none flex-col gap-3">
      {terms.map((term, index) => (
        <li key={term} className="flex gap-3 text-base leading-relaxed text-bone-muted">
          <span className="w-6 shrink-0 font-display text-xs text-gold-dim">{index + 1}.</span>
          {term}
        </li>
      ))}
    </ol>
  );
}
