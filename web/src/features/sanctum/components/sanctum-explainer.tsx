import { CREDIT_VALUE_USD, DOLLARS_PER_CREDIT } from "@bm/shared";

/** The first tenet names the nights' dates only when the lots are known (`span`), never fixed ones. */
function nightsTenet(span: string | null) {
  const when = span ? `, ${span}` : "";
  return {
    numeral: "I",
    title: "Four nights",
    text: `The auction runs over four nights${when}. Fresh lots surface each night; each lot shows when it opens and closes.`,
  };
}

const otherTenets = [
  {
    numeral: "II",
    title: "Credits",
    text: `Every $${DOLLARS_PER_CREDIT} you spend in the shop earns 1 MPC credit. Puzzles, trials and invitations earn more.`,
  },
  {
    numeral: "III",
    title: "Bidding power",
    text: `1 credit equals $${CREDIT_VALUE_USD} of bidding power. Cover part of any bid with credits and the rest in real dollars.`,
  },
  {
    numeral: "IV",
    title: "Committed, not spent",
    text: "While you lead a lot, the credits on your bid are committed. They are deducted only when you pay for a lot you have won.",
  },
  {
    numeral: "V",
    title: "Claiming",
    text: "Winners receive a link to the shop's checkout. Pay the dollar portion there and your prize is claimed; the credits are deducted then.",
  },
];

/** "What is the Black Market?": the event explained in five short tenets. */
export function SanctumExplainer({ span = null }: { span?: string | null }) {
  const tenets = [nightsTenet(span), ...otherTenets];
  return (
    <section aria-labelledby="what-is-heading" className="mx-auto mt-20 max-w-4xl">
      <div className="flex flex-col items-center text-center">
        <p className="eyebrow">The House explains</p>
        <h2 id="what-is-heading" className="mt-2 text-2xl sm:text-3xl">
          What is the Black Market?
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-bone-muted italic">
          A members-only auction for the shop's most devoted customers: rare boxes and stranger artifacts, won with
          dollars and the credits you have earned.
        </p>
        <div className="hairline mt-6 w-48" />
      </div>
      <ol className="mt-10 grid gap-px overflow-hidden border border-gold/15 bg-gold/15 sm:grid-cols-2 lg:grid-cols-3">
        {tenets.map((tenet, index) => (
          <li
            key={tenet.numeral}
            className={
              index === tenets.length - 1 ? "bg-ink-850 px-6 py-6 sm:col-span-2 lg:col-span-1" : "bg-ink-850 px-6 py-6"
            }
          >
            <p className="font-display text-xs tracking-[0.3em] text-blood-bright">{tenet.numeral}</p>
            <h3 className="mt-2 text-base tracking-[0.12em] text-gold-bright">{tenet.title}</h3>
            <p className="mt-2 text-base leading-relaxed text-bone-muted">{tenet.text}</p>
          </li>
        ))}
        <li className="hidden bg-ink-850 lg:flex lg:items-center lg:justify-center" aria-hidden="true">
          <span className="font-display text-4xl text-gold-dim/60">✠</span>
        </li>
      </ol>
    </section>
  );
}
