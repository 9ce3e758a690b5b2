import { CODE_TTL_MINUTES } from "@bm/shared";
import { Link } from "react-router-dom";
import { paths } from "../../../config/paths";
import type { SiteAnswer } from "../../../lib/site";
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
  { id: "information-collected", title: "Information We Collect" },
  { id: "how-we-use-it", title: "How We Use It" },
  { id: "security", title: "How We Protect It" },
  { id: "third-parties", title: "Third Parties" },
  { id: "your-rights", title: "Your Rights" },
  { id: "contact", title: "Contact" },
] as const satisfies readonly LegalSectionHead[];

/** /privacy-policy: what the House keeps about a member, why, who else sees it, and how to have it erased. */
export function PrivacyPolicyPage() {
  return (
    <LegalPage
      back={{ to: paths.sanctum.href(), label: "The Sanctum" }}
      eyebrow="The House keeps your secrets"
      title="Privacy Policy"
      intro="What the Black Market knows about its members, why it keeps it, who else sees it, and how to have it erased."
    >
      <WithSite>{(site) => <PolicyText site={site} />}</WithSite>
    </LegalPage>
  );
}

function PolicyText({ site }: { site: SiteAnswer }) {
  const [collected, use, security, thirdParties, rights, contact] = SECTIONS;
  return (
    <>
      <LegalContents sections={SECTIONS} />

      <LegalSection head={collected} number={1}>
        <p>
          The Black Market is run by the shop for its customers. It asks for as little as it can: it never asks for a
          password, your postal address or your payment card. What it keeps:
        </p>
        <LegalList>
          <LegalItem>
            <strong className="text-bone">Your e-mail address</strong>, which is your membership: the House sends your
            sign-in codes to it, and your shop orders are matched to you by it.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">Sign-in codes</strong>, stored only in a scrambled (hashed) form, valid for{" "}
            {CODE_TTL_MINUTES} minutes and usable once, with the network address of the device that asked for them, to
            stop anyone trying addresses or codes by the thousand.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">What you do here</strong>: your answers to puzzles and trials (right or
            wrong), your bids, the lots you win and pay for, your credits and every movement of them, and the questions
            you ask about lots.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">What you give the special trials</strong>: the oath you record (audio), the
            covenant's signature and the name you type on it, your confession, and, for the social rite, the Instagram
            account under which the House's keepers found your code.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">The addresses of friends you invite</strong>, used to send each one your
            invitation, and kept so that a friend who joins is counted as yours.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">Your shop orders</strong> placed with your address: their number, amount, date
            and the credits they earned. If you enlist in the House ledger (the newsletter trial), your consent to the
            shop's letters.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">What keeps you signed in</strong>: one session cookie, readable by this site
            alone and kept for up to 30 days; and in your browser's own storage, your cart and the notices you have
            dismissed. The House uses no advertising or tracking cookies.
          </LegalItem>
        </LegalList>
      </LegalSection>

      <LegalSection head={use} number={2}>
        <p>The House uses what it keeps to run the event and nothing else:</p>
        <LegalList>
          <LegalItem>to let you in, and to keep your credits, bids and claims true;</LegalItem>
          <LegalItem>
            to credit your shop purchases, and to take your credits when you pay for a lot you have won;
          </LegalItem>
          <LegalItem>
            to write to you: sign-in codes, word that you were outbid or have won (with the link to pay for your prize),
            the invitations you ask it to send, and the confirmation of a deletion request;
          </LegalItem>
          <LegalItem>
            to keep the auction fair and stop abuse, with limits on how often anyone may try anything;
          </LegalItem>
          <LegalItem>to send the shop's letters, only if you enlisted for them.</LegalItem>
        </LegalList>
        <p>
          Other members never see your address: in a lot's history every bidder appears under an anonymous mark. The
          House does not sell or rent your data, does not use it for advertising, and makes no automated decisions about
          you beyond the rules of the game shown on each page.
        </p>
      </LegalSection>

      <LegalSection head={security} number={3}>
        <LegalList>
          <LegalItem>Everything travels encrypted between your browser and the House.</LegalItem>
          <LegalItem>
            Your session cookie cannot be read by scripts and is never sent by other sites' pages; sign-in codes are
            stored scrambled, expire quickly and die after a few wrong tries.
          </LegalItem>
          <LegalItem>
            Recordings, signatures and confessions are private: they are shown to you and to the House's operators,
            never published.
          </LegalItem>
          <LegalItem>
            Only the House's operators can reach its records, through an admin area of their own, and every action they
            take there is written to a trail that cannot be edited.
          </LegalItem>
        </LegalList>
        <p>
          No system is beyond every threat. If the House learns that your data was exposed, it will tell you, and the
          authorities where the law requires it, without undue delay.
        </p>
      </LegalSection>

      <LegalSection head={thirdParties} number={4}>
        <p>A few services work for the House, each with only what its task needs:</p>
        <LegalList>
          <LegalItem>
            <strong className="text-bone">The shop's platform</strong> (Shopify), for the catalogue, carts, checkout,
            payment and orders, and the newsletter if you enlist. Your card details go straight to its checkout, never
            through the House. The shop keeps its own records of your orders under its own privacy policy.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">An e-mail delivery service</strong>, which carries the House's messages to
            you.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">The hosting provider</strong> whose servers and database hold the House.
          </LegalItem>
          <LegalItem>
            <strong className="text-bone">Instagram</strong>, where a comment you leave for the social rite is public
            under Instagram's own terms.
          </LegalItem>
        </LegalList>
        <p>The House shares nothing else, unless the law obliges it to.</p>
      </LegalSection>

      <LegalSection head={rights} number={5}>
        <p>
          You may ask what the House keeps about you, have it corrected, object to its use, or withdraw your consent to
          the shop's letters at any time, by writing to <SupportLink site={site} />.
        </p>
        <p>
          You may also have your data erased. Ask on the{" "}
          <Link to={paths.dataDeletion.href()} className="link-quiet text-bone">
            data deletion page
          </Link>
          ; the House mails a link to your address, and once you confirm it your personal data is erased within{" "}
          {site.dataDeletionDays} days: your address, any name, your recordings, signature, confession and questions,
          the addresses you invited, your Instagram account and your sign-in codes, and you are signed out everywhere.
          Your bids, credit records and orders stay, with nothing left that names you, because other members' results
          and the shop's books depend on them. Credits do not survive the erasure: signing in again later with the same
          address starts a new, empty membership.
        </p>
        <p>
          Records the shop keeps on its own platform (your orders, your subscription to its letters) are the shop's:
          write to the address below and the House will pass your request on.
        </p>
      </LegalSection>

      <LegalSection head={contact} number={6}>
        <p>
          Questions about this policy or your data: write to <SupportLink site={site} />.
        </p>
      </LegalSection>

      <div className="mt-14 flex justify-center">
        <Link to={paths.dataDeletion.href()} className="btn btn-outline">
          Request data deletion
        </Link>
      </div>
    </>
  );
}
