import type { SiteAnswer } from "@bm/shared";
import type { Config } from "../config";
import type { LotRepository } from "../lots/lots.repository";

/**
 * What the public pages (the FAQ, the terms, the privacy policy) state from configuration, so
 * their words follow the server: the support address, the deletion delay, the claim window, and
 * the auction's first opening (the lots say when; before any exist, the configured start, which
 * the demo, moving the event to today, does not have).
 */
export class SiteFacts {
  constructor(private readonly deps: { config: Config; lots: LotRepository }) {}

  async answer(): Promise<SiteAnswer> {
    const { config, lots } = this.deps;
    const auctionStart = (await lots.firstOpening()) ?? (config.demo ? null : config.eventAuctionStart);
    return {
      supportEmail: config.supportEmail,
      dataDeletionDays: config.dataDeletionDays,
      claimWindowHours: config.claimWindowHours,
      auctionStartsAt: auctionStart?.toISOString() ?? null,
    };
  }
}
