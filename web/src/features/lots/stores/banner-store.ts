import type { HallBannerEvent } from "@bm/shared";
import { create } from "zustand";

/**
 * The House's banner (`hall:banner`, sent again on every connect while it stands) and whether the
 * member put this one away: a new message shows again.
 */
export const useBannerStore = create<{ banner: HallBannerEvent | null; dismissedAt: string | null }>(() => ({
  banner: null,
  dismissedAt: null,
}));

export function applyHallBanner(event: HallBannerEvent): void {
  useBannerStore.setState({ banner: event.message ? event : null });
}

export function dismissHallBanner(): void {
  useBannerStore.setState((s) => ({ dismissedAt: s.banner?.at ?? null }));
}
