import { BID_INCREMENT_USD, CREDIT_VALUE_USD, DOLLARS_PER_CREDIT } from "@bm/shared";
import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import type { SiteAnswer } from "../../../lib/site";
import { eventWords } from "../lib/event-words";
import {
  LegalContents,
  LegalItem,
  LegalList,
  LegalPage,
  LegalSection,
  type LegalSectionHead,
  SupportLink,
  WithSite,
} from "./legal-page";

const SECTIONS = [
  { id: "acceptance", title: "Acceptance" },
  { id: "mpc-credits", title: "MPC Credits" },
  { id: "auction-participation", title: "Auction Participation" },
  { id: "account-responsibilities", title: "Account Responsibilities" },
  { id: "modifications", title: "Modifications" },
  { id: "liability", title: "Liability" },
] as const satisfies readonly LegalSectionHead[];

/** /terms-conditions: the rules every member accepts by entering. */
export function TermsPage() {
  return (
    <LegalPage
      back={{ to: paths.sanctum.href(), label: "The Sanctum" }}
      eyebrow="The covenant of the House"
      title="Terms & Conditions"
      intro="The rules of the Black Market: what credits are, how the auction binds its bidders, and what each member answers for."
    >
      <WithSite>{(site) => <TermsText site={site} />}</WithSite>
    </LegalPage>
  );
}

function TermsText({ site }: { site: SiteAnswer }) {
  const [acceptance, credits, auction, account, modifications, liability] = SECTIONS;
  const dates = eventWords(site);
  return (
    <>
      <LegalContents sections={SECTIONS} />

      <LegalSection head={acceptance} number={1}>
        <p>
          The Black Market (“the House”) is a members-only event run by the shop for its customers. By entering it, that
          is by signing in with the code the House sends you, you accept these terms and the House's{" "}
          <Link to={paths.privacy.href()} className="link-quiet text-bone">
            privacy policy
          </Link>
          . If you do not accept them, do not enter. Purchases in the shop remain governed by the shop's own terms of
          sale.
        </p>
      </LegalSection>

      <LegalSection head={credits} number={2}>
        <LegalList>
          <LegalItem>
            MPC credits are earned by shopping (1 credit for every ${DOLLARS_PER_CREDIT} spent, rounded up per item,
            once the order is paid), by solving the daily puzzles and trials, and through invitations, as each page
            states.
          </LegalItem>
          <LegalItem>
            1 credit equals ${CREDIT_VALUE_USD} of bidding power in the auction, and the same off selected items of the
            Forbidden Catalogue.
          </LegalItem>
          <LegalItem>
            Credits have no cash value. They cannot be sold, transferred to another member, exchanged for money or
            refunded.
          </LegalItem>
          <LegalItem>
            {dates
              ? `Credits are redeemable only from ${dates.redeem}. Unused credits lapse after that.`
              : "Credits are redeemable only while the event runs, as its dates are announced. Unused credits lapse after that."}
          </LegalItem>
          <LegalItem>
            Credits awarded in error (a duplicated order, a fault of the House) may be corrected by the House with a
            correcting entry, which appears in your credits history with its reason.
          </LegalItem>
        </LegalList>
      </LegalSection>

      <LegalSection head={auction} number={3}>
        <LegalList>
          <LegalItem>
            {dates ? `The auction runs from ${dates.auction}, ` : "The auction runs over four nights, "}
            each lot open between the times it shows, in New York time.
          </LegalItem>
          <LegalItem>
            A bid is a dollar amount at least ${BID_INCREMENT_USD} above the current bid (a lot's first bid must meet
            its opening bid), of which you may cover any part with credits. A bid is binding once confirmed and cannot
            be withdrawn.
          </LegalItem>
          <LegalItem>
            While you lead, the credits on your bid are committed: held, not taken. If you are outbid they are released
            at once. A bid in a lot's final moments may extend its close, so that every bidder can answer.
          </LegalItem>
          <LegalItem>
            The highest bid when a lot closes wins. The winner pays the winning bid less the credits used on it, through
            the shop's checkout, within {site.claimWindowHours} hours of the close; the credits are deducted only when
            that payment is made. A prize not paid for within that time returns to the House, and no credits are taken.
          </LegalItem>
          <LegalItem>
            Lots are sold as described and delivered by the shop under its terms of sale. Their stories are the House's
            own and are not guaranteed. The House's decision on the running of the auction is final.
          </LegalItem>
        </LegalList>
      </LegalSection>

      <LegalSection head={account} number={4}>
        <LegalList>
          <LegalItem>
            One membership per person. Your membership is your e-mail address: keep your mailbox safe, and never share a
            sign-in code.
          </LegalItem>
          <LegalItem>You answer for every bid and every action taken from your membership.</LegalItem>
          <LegalItem>
            No scripts, bots or several memberships to earn, bid or answer, no sharing of the answers of puzzles and
            trials, and no use of a fault of the House to gain credits or lots.
          </LegalItem>
          <LegalItem>
            The House may suspend a membership that breaks these terms. A suspended member's standing bids may be
            voided; they stay in the lot's history, and the lead returns to the bids that remain.
          </LegalItem>
          <LegalItem>
            You may leave at any time and have your personal data erased on the{" "}
            <Link to={paths.dataDeletion.href()} className="link-quiet text-bone">
              data deletion page
            </Link>
            ; your credits lapse with it.
          </LegalItem>
        </LegalList>
      </LegalSection>

      <LegalSection head={modifications} number={5}>
        <p>
          The House may change these terms, the rules of the game and the event's schedule. Changes take effect when
          they are published on this page; a change that affects your credits or the auction is announced in the Sanctum
          before it applies. A bid is always governed by the terms in force when it was placed. Continuing to take part
          after a change means you accept it.
        </p>
      </LegalSection>

      <LegalSection head={liability} number={6}>
        <p>
          The House is offered as it is. It strives to stay open through the whole event, but cannot promise that it
          will never be interrupted; when a fault affects a lot, the House may pause it and extend its close by the time
          lost, or void the bids the fault affected.
        </p>
        <p>
          To the extent the law allows, the House is not liable for indirect or consequential losses, and its liability
          for a lot is limited to the amount you paid for it. Nothing in these terms limits the rights consumer law
          gives you.
        </p>
        <p>
          Questions about these terms: write to <SupportLink site={site} />.
        </p>
      </LegalSection>
    </>
  );
}
