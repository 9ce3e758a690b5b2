import {
  BID_INCREMENT_USD,
  CODE_LENGTH,
  CODE_TTL_MINUTES,
  CREDIT_VALUE_USD,
  DOLLARS_PER_CREDIT,
  MAX_REFERRALS,
  REFERRAL_REFERRER_CREDITS,
  REFERRAL_SIGNUP_CREDITS,
  RESEND_COOLDOWN_SECONDS,
} from "@bm/shared";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import type { SiteAnswer } from "../../../lib/site";
import { eventWords } from "../lib/event-words";
import { LegalContents, LegalPage, LegalSection, type LegalSectionHead, SupportLink, WithSite } from "./legal-page";

/** A shop item's price for the FAQ's worked example of the earning rate. */
const EXAMPLE_PRICE = 25;

interface Question {
  q: string;
  a: ReactNode;
}

/** /faq: the questions members ask, answered with the figures the server runs on. */
export function FaqPage() {
  return (
    <LegalPage
      back={{ to: paths.sanctum.href(), label: "The Sanctum" }}
      eyebrow="Answers from the keepers"
      title="Frequently Asked Questions"
      intro="How the event runs, how credits are earned and spent, and where to turn when something goes wrong."
    >
      <WithSite>{(site) => <Answers site={site} />}</WithSite>
    </LegalPage>
  );
}

function Answers({ site }: { site: SiteAnswer }) {
  const groups = faqGroups(site);
  return (
    <>
      <LegalContents sections={groups.map((group) => group.head)} />
      {groups.map((group, index) => (
        <LegalSection key={group.head.id} head={group.head} number={index + 1}>
          <dl className="flex flex-col gap-6">
            {group.questions.map((item) => (
              <div key={item.q}>
                <dt className="font-serif text-xl text-bone">{item.q}</dt>
                <dd className="mt-1.5">{item.a}</dd>
              </div>
            ))}
          </dl>
        </LegalSection>
      ))}
    </>
  );
}

function faqGroups(site: SiteAnswer): { head: LegalSectionHead; questions: Question[] }[] {
  const dates = eventWords(site);
  const earned = Math.ceil(EXAMPLE_PRICE / DOLLARS_PER_CREDIT);
  const support = <SupportLink site={site} />;
  return [
    {
      head: { id: "the-event", title: "The Event" },
      questions: [
        {
          q: "What is the Black Market?",
          a: "A members-only auction the shop holds for its customers. In the weeks before it, members earn MPC credits; then, over four nights, they bid on the House's lots with dollars and credits. Everything happens here; payments go through the shop's own checkout.",
        },
        {
          q: "How do I enter?",
          a: `With your e-mail address alone: there is no password. Give it at the entry and the House sends you a ${CODE_LENGTH}-digit code, valid for ${CODE_TTL_MINUTES} minutes and usable once. Your first entry makes you a member. Use the same address you shop with, so your orders earn you credits.`,
        },
        {
          q: "When does it happen?",
          a: dates
            ? `The Earn Credits section opens on ${dates.redeemFrom}, with a new puzzle or trial unlocking each day at 1:00 PM New York time. The auction runs from ${dates.auction}; each lot shows when it opens and closes.`
            : "The Earn Credits section opens a new puzzle or trial each day at 1:00 PM New York time, and the auction follows over four nights; the Sanctum announces the dates as the event draws near.",
        },
      ],
    },
    {
      head: { id: "credits", title: "MPC Credits" },
      questions: [
        {
          q: "What are MPC credits?",
          a: `The House's bidding credits: 1 credit is worth $${CREDIT_VALUE_USD} of bidding power. ${
            dates
              ? `They are redeemable only from ${dates.redeem}. `
              : "They are redeemable only while the event runs. "
          }They have no cash value and cannot be transferred to another member.`,
        },
        {
          q: "How do I earn them?",
          a: (
            <>
              Three ways. <strong className="text-bone">Shopping</strong>: every ${DOLLARS_PER_CREDIT} you spend in the
              shop earns 1 credit, rounded up for each item (a ${EXAMPLE_PRICE} item earns {earned}), once the order is
              paid. <strong className="text-bone">Puzzles and trials</strong>: one a day in{" "}
              <Link to={paths.earnCredits.href()} className="link-quiet text-bone">
                Harvest Credits
              </Link>
              , each showing what it is worth; you have one attempt at each.{" "}
              <strong className="text-bone">Invitations</strong>: a friend you invite receives {REFERRAL_SIGNUP_CREDITS}{" "}
              credits on joining, and once they take part (a right answer or a paid order) you receive{" "}
              {REFERRAL_REFERRER_CREDITS}, for up to {MAX_REFERRALS} friends.
            </>
          ),
        },
        {
          q: "My purchase has not earned its credits yet.",
          a: "The shop tells the House when an order is paid, usually within minutes. To ask at once, open your credits in the header and sync with the shop. Each order is credited once, and only orders placed with the address you sign in with are found.",
        },
        {
          q: "Where can I see my credits?",
          a: (
            <>
              Your balance is in the header. The{" "}
              <Link to={paths.creditsHistory.href()} className="link-quiet text-bone">
                Credits History
              </Link>{" "}
              lists every credit earned and spent.
            </>
          ),
        },
      ],
    },
    {
      head: { id: "bidding", title: "Bidding" },
      questions: [
        {
          q: "How does bidding work?",
          a: `Each bid is a dollar amount at least $${BID_INCREMENT_USD} above the current bid; a lot's first bid must meet its opening bid. You choose how much of it to cover with credits, and pay the rest in dollars if you win. A confirmed bid is binding. While you lead a lot you cannot bid on it again.`,
        },
        {
          q: "What happens to my credits when I bid?",
          a: "They are committed, not spent: held while you lead, released the moment you are outbid, and deducted only if you win the lot and your payment goes through. What you can still use is your balance less your committed credits.",
        },
        {
          q: "Why did a lot's close move?",
          a: "A bid in a lot's final moments extends its close a little, so every bidder has a fair chance to answer. The countdown always shows the true close.",
        },
        {
          q: "I won a lot. What now?",
          a: `The House e-mails you, and the lot's page shows a link to the shop's checkout, where you pay the winning bid less the credits you used on it. Pay within ${site.claimWindowHours} hours of the close: your credits are deducted then. A prize not paid for in time returns to the House and no credits are taken.`,
        },
      ],
    },
    {
      head: { id: "catalogue", title: "The Forbidden Catalogue" },
      questions: [
        {
          q: "What is the Forbidden Catalogue?",
          a: "A selection of the shop's own products, chosen for the event. View Product opens an item in the shop; Add to Cart keeps it in your cart here, and you pay at the shop's checkout.",
        },
        {
          q: "Do catalogue purchases earn credits?",
          a: `Yes, like any order in the shop: 1 credit for every $${DOLLARS_PER_CREDIT}, once it is paid.`,
        },
      ],
    },
    {
      head: { id: "discounts", title: "Discounts" },
      questions: [
        {
          q: "How do credits become a discount?",
          a: `Dollar for dollar, at the shop's checkout. The credits you used on a lot you won come off its price. When the House offers catalogue items for credits, they read “use up to N credits”: up to that many credits come off the item's price, $${CREDIT_VALUE_USD} each, through a single-use code.`,
        },
        {
          q: "What if I do not finish that checkout?",
          a: "The credits are held while the checkout is open and deducted once it is paid. If it expires unpaid, they return to your balance.",
        },
      ],
    },
    {
      head: { id: "after-the-event", title: "After the Event" },
      questions: [
        {
          q: "Can I use my credits after the auction?",
          a: dates
            ? `Only until ${dates.redeemUntil}. After that, unused credits lapse: they have no cash value, cannot be transferred and are not refunded. A lot you won must still be paid for within its ${site.claimWindowHours} hours.`
            : `Only while the event runs. After that, unused credits lapse: they have no cash value, cannot be transferred and are not refunded. A lot you won must still be paid for within its ${site.claimWindowHours} hours.`,
        },
        {
          q: "Can I have my data erased?",
          a: (
            <>
              Yes. Ask on the{" "}
              <Link to={paths.dataDeletion.href()} className="link-quiet text-bone">
                data deletion page
              </Link>{" "}
              and confirm with the link the House mails you: your personal data is erased within {site.dataDeletionDays}{" "}
              days. The{" "}
              <Link to={paths.privacy.href()} className="link-quiet text-bone">
                privacy policy
              </Link>{" "}
              says what goes and what stays.
            </>
          ),
        },
      ],
    },
    {
      head: { id: "support", title: "Support" },
      questions: [
        {
          q: "My code has not arrived.",
          a: `Look in your spam folder, and check the address you typed. After ${RESEND_COOLDOWN_SECONDS} seconds you may ask for a new code; it replaces the old one.`,
        },
        {
          q: "How do I reach the House?",
          a: (
            <>
              Write to {support}, from the address you sign in with. Never send your sign-in code: the House will never
              ask for it.
            </>
          ),
        },
      ],
    },
  ];
}
