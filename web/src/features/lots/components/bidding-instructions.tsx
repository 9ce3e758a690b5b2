import { useHeldLots } from "../api/use-held-lots";
import { rites } from "../lib/rites";

const STEPS = [
  {
    title: "Choose a lot",
    text: "Browse each night's lots under Active Auctions, or keep the ones you covet on your Watchlist.",
  },
  {
    title: "Name your price",
    text: "On the lot's page, enter your total bid. The form starts at the least the next bid may be.",
  },
  {
    title: "Spend credits, if you like",
    text: "Enter how many credits cover part of the bid, or press Max for all you have available. The rest is paid in dollars only if you win.",
  },
  {
    title: "Confirm",
    text: "The House shows the split (credits, real dollars and total) before your bid is sealed. A confirmed bid cannot be withdrawn.",
  },
  {
    title: "Hold the lead",
    text: "You will be told at once, wherever you are in the House, if someone outbids you. The countdown always shows the true close.",
  },
];

/** The Bidding Instructions tab: the steps of a bid, then the rites in full. */
export function BiddingInstructions() {
  // The hours rite reads the lots' own times.
  const lots = useHeldLots();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_1fr]">
      <section aria-labelledby="how-to-bid">
        <h3 id="how-to-bid" className="text-lg tracking-[0.14em]">
          How to bid
        </h3>
        <ol className="mt-4 flex flex-col gap-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="panel flex gap-4 px-4 py-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-gold/40 font-display text-sm text-gold-bright">
                {index + 1}
              </span>
              <span>
                <span className="block font-display text-[0.75rem] tracking-[0.2em] text-gold uppercase">
                  {step.title}
                </span>
                <span className="block text-base leading-relaxed text-bone-muted">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="the-rites">
        <h3 id="the-rites" className="text-lg tracking-[0.14em]">
          The rites
        </h3>
        <dl className="mt-4 divide-y divide-gold/10 border-y border-gold/15">
          {rites(lots).map((rite) => (
            <div key={rite.numeral} className="py-3">
              <dt className="flex items-baseline gap-3 font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase">
                <span className="text-blood-bright">{rite.numeral}</span>
                {rite.title}
              </dt>
              <dd className="mt-1 text-base leading-relaxed text-bone-muted">{rite.text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
