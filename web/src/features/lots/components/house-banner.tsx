import { formatDateTime } from "@bm/shared";
import { dismissHallBanner, useBannerStore } from "../stores/banner-store";

/** The House's word to every member, in the page's flow under the header until put away; a new word shows again. */
export function HouseBanner() {
  const banner = useBannerStore((s) => (s.banner && s.banner.at !== s.dismissedAt ? s.banner : null));
  if (!banner?.message) return null;
  return (
    <section
      role="status"
      aria-label="A word from the House"
      data-testid="house-banner"
      className="mx-4 mt-3 flex items-start gap-3 border border-ember/50 bg-ink-950/95 px-4 py-3 shadow-[0_0_24px_rgb(217_96_46/0.25)] sm:mx-auto sm:w-full sm:max-w-3xl"
    >
      <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rotate-45 bg-ember" />
      <p className="min-w-0 flex-1 text-base text-bone">
        <span className="font-display text-[0.75rem] tracking-[0.24em] text-ember uppercase">The House · </span>
        {banner.message}
        {banner.at && <span className="block text-sm text-bone-faint">{formatDateTime(banner.at)}</span>}
      </p>
      <button
        type="button"
        onClick={dismissHallBanner}
        className="shrink-0 border border-gold/30 px-2 py-1 font-display text-[0.75rem] tracking-[0.2em] text-bone-muted uppercase hover:text-gold-bright focus-visible:outline-2 focus-visible:outline-gold"
      >
        Dismiss
      </button>
    </section>
  );
}
