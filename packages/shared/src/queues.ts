/** Job names and payloads shared by the producers (API) and the consumers (workers). No personal data. */
export const Jobs = {
  closeLot: "lot:close",
  prepareClaim: "claim:prepare",
  outbidMail: "mail:outbid",
  closeAuction: "auction:close",
  sweep: "sweep",
  pruneSessions: "sessions:prune",
} as const;
export type JobName = (typeof Jobs)[keyof typeof Jobs];

export interface CloseLotJob {
  lotId: number;
}
export interface PrepareClaimJob {
  lotId: number;
}
export interface OutbidMailJob {
  bidId: number;
}
export interface CloseAuctionJob {
  auctionId: number;
}

/** The sweeper's period: a lost timer or a crashed worker delays nothing by more than this. */
export const SWEEP_EVERY_MS = 5000;
