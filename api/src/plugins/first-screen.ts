import { roman } from "@bm/shared";

/**
 * The lot page's first screen, written into its HTML for a member who may open the lot: the
 * lot's number, title, price and picture where the page will show them, painted as the HTML arrives
 * instead of after the app's code has run and asked for the lot. The app removes it once its own
 * page is on screen (web/src/app/first-screen.ts); until then it sits over the app's loading
 * state, hidden from assistive technology (the app's page is the one to read) and inert.
 *
 * Its classes are the lot page's own (lot-detail.tsx, lot-gallery.tsx, lot-header.tsx and the
 * price of lot-bidding-panel.tsx), so the swap does not move a thing; web/src/index.css names this
 * file as a Tailwind source. On a phone the picture comes below the bid form, which is not here
 * yet: there the title and the price are painted (the price, the page's largest text, is what a
 * bidder opened it for).
 */
export interface LotPoster {
  lotNumber: number;
  title: string;
  /** Same-origin path of the first picture, or null (the page shows its plate then). */
  imageUrl: string | null;
  /** The bidding panel's figure as the page writes it: "Opening bid" and "$9.00", say. */
  price: { label: string; amount: string };
}

/** The element's id: the app looks it up by this to take it away. It starts below the site header:
 * 4rem and its 1px border (site-header.tsx), where the app's page starts. */
export const FIRST_SCREEN_ID = "first-screen";

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const isSameOriginPath = (href: string) => href.startsWith("/") && !href.startsWith("//");

export function lotFirstScreen(lot: LotPoster): string {
  const title = escapeHtml(lot.title);
  const numeral = roman(lot.lotNumber);
  const picture =
    lot.imageUrl && isSameOriginPath(lot.imageUrl)
      ? `<img src="${escapeHtml(lot.imageUrl)}" alt="" fetchpriority="high" decoding="async" elementtiming="first-screen-picture" class="h-full w-full object-contain p-2 sm:p-8">`
      : "";
  return `<div id="${FIRST_SCREEN_ID}" aria-hidden="true" inert class="fixed inset-x-0 top-[65px] bottom-0 z-50 overflow-hidden bg-ink-900">
      <div class="mx-auto w-full max-w-6xl px-4 pt-3 pb-16 sm:px-6 sm:pt-10">
        <p class="link-quiet inline-flex items-center gap-2 text-base"><span>←</span> Bidding Hall</p>
        <div class="mt-3 grid gap-6 sm:mt-5 sm:gap-8 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:gap-12">
          <div class="flex min-w-0 flex-col gap-4 sm:gap-6 lg:col-start-2 lg:row-start-1">
            <div>
              <div class="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p class="eyebrow">Lot ${numeral}</p>
                <span class="invisible inline-flex items-center gap-1.5 border px-2 py-0.5 font-display text-[0.75rem] tracking-[0.24em] uppercase">&nbsp;</span>
              </div>
              <p class="mt-1 font-display text-2xl leading-tight font-semibold tracking-[0.06em] text-bone sm:mt-2 sm:text-4xl">${title}</p>
              <div class="invisible mt-1 flex flex-wrap items-center gap-x-5 gap-y-2 text-base text-bone-faint"><span class="inline-flex items-center gap-1.5">&nbsp;</span></div>
            </div>
            <div class="panel p-5 sm:p-6">
              <span class="panel-corners"></span>
              <div class="flex flex-wrap items-end justify-between gap-4">
                <div>
                  <p class="font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">${escapeHtml(lot.price.label)}</p>
                  <p class="font-display text-4xl text-gold-bright lining-nums tabular-nums drop-shadow-[0_0_18px_rgb(232_201_135/0.25)]">${escapeHtml(lot.price.amount)}</p>
                </div>
              </div>
            </div>
          </div>
          <div class="hidden lg:col-start-1 lg:row-start-1 lg:block">
            <div class="panel p-2">
              <span class="panel-corners z-10"></span>
              <div class="relative h-[45dvh] w-full overflow-hidden bg-[radial-gradient(ellipse_at_50%_35%,rgb(74_12_17/0.55),rgb(10_7_8)_70%)] sm:aspect-square sm:h-auto">${picture}<span class="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_58%,rgb(0_0_0/0.7))]"></span></div>
            </div>
          </div>
        </div>
      </div>
    </div>`;
}
