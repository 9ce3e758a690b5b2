/** Job names and payloads shared by the producers (API) and the consumers (workers). No personal data. */
export const Jobs = {
  closeLot: "lot:close",
  prepareClaim: "claim:prepare",
  outbidMail: "mail:outbid",
  sweep: "sweep",
  pruneSessions: "sessions:prune",
  challengeUnlock: "challenge:unlock",
  shopOrderPaid: "shop:order-paid",
  shopSyncDue: "shop:sync-due",
  shopSyncMember: "shop:sync-member",
  fairPlay: "fair-play:recompute",
} as const;

export interface CloseLotJob {
  lotId: number;
}
export interface PrepareClaimJob {
  lotId: number;
}
/** A member outbid on a lot: coalesced per (member, lot), so it names the pair, not a bid. */
export interface OutbidMailJob {
  lotId: number;
  userId: string;
}
/** A challenge's 1 PM New York unlock: tells the earn-credits room. */
export interface ChallengeUnlockJob {
  type: "puzzle" | "task";
  id: number;
}
/** A received `orders/paid` webhook, by its stored row (the order itself stays in the database). */
export interface ShopOrderPaidJob {
  webhookId: number;
}
/** One member's periodic purchase sync. */
export interface ShopSyncMemberJob {
  userId: string;
}
/** Repeating jobs carry nothing: they reconcile from the database. */
export type RepeatJob = Record<string, never>;

/** The job table: each job name bound to its payload type. */
export interface JobPayloads {
  "lot:close": CloseLotJob;
  "claim:prepare": PrepareClaimJob;
  "mail:outbid": OutbidMailJob;
  sweep: RepeatJob;
  "sessions:prune": RepeatJob;
  "challenge:unlock": ChallengeUnlockJob;
  "shop:order-paid": ShopOrderPaidJob;
  "shop:sync-due": RepeatJob;
  "shop:sync-member": ShopSyncMemberJob;
  "fair-play:recompute": RepeatJob;
}
export type JobName = keyof JobPayloads;
/** Jobs that run on a schedule rather than being enqueued with a payload. */
export type RepeatJobName = { [N in JobName]: JobPayloads[N] extends RepeatJob ? N : never }[JobName];

/** The sweeper's period: a lost timer or a crashed worker delays nothing by more than this. */
export const SWEEP_EVERY_MS = 5000;

/** How often the fair-play signals are recomputed (the operator can also ask at any time). */
export const FAIR_PLAY_EVERY_MS = 10 * 60 * 1000;
