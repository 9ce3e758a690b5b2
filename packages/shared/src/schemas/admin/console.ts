import { z } from "zod";
import { moneyString } from "../auth";
import { claimStatus, lotStatus } from "../lots";

/* ------------------------------------- the live auction console ------------------------------ */

/** One lot of the console's table: what the operator watches during the auction. */
export const consoleLot = z.object({
  id: z.number().int(),
  lotNumber: z.number().int(),
  title: z.string(),
  day: z.string(),
  /** The one lot-state function's answer at the snapshot's instant (it gains `paused` with the pause). */
  status: lotStatus,
  currentBid: moneyString,
  bidCount: z.number().int().nonnegative(),
  /** Members watching the lot's page right now, over every node. */
  watchers: z.number().int().nonnegative(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** The close was moved past the one first set (soft close or the operator's extension). */
  extended: z.boolean(),
  paused: z.boolean(),
  hasWinner: z.boolean(),
  claimStatus,
  claimDeadline: z.string().nullable(),
});
export type ConsoleLot = z.infer<typeof consoleLot>;

/** Bids placed in one minute (the minute's start, ISO, UTC). */
export const consoleMinute = z.object({ minute: z.string(), bids: z.number().int().nonnegative() });
export type ConsoleMinute = z.infer<typeof consoleMinute>;

/** An API node's own report of its open sockets; a node that stops reporting drops off. */
export const consoleNode = z.object({
  nodeId: z.string(),
  sockets: z.number().int().nonnegative(),
  /** When the node last reported (ISO). */
  at: z.string(),
});
export type ConsoleNode = z.infer<typeof consoleNode>;

/** Background jobs by state; `failed` are those that gave up after their retries. */
export const consoleJobs = z.object({
  kind: z.enum(["memory", "bullmq"]),
  waiting: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  delayed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type ConsoleJobs = z.infer<typeof consoleJobs>;

/** The banner every connected member sees, if the operator broadcast one. */
export const consoleBanner = z.object({ message: z.string(), at: z.string() });
export type ConsoleBanner = z.infer<typeof consoleBanner>;

/** GET /api/admin/console, the `console:watch` acknowledgement and every `console:update`. */
export const consoleSnapshot = z.object({
  /** The server's instant the snapshot was taken at (ISO). */
  serverTime: z.string(),
  lots: z.array(consoleLot),
  /** The last ten minutes, oldest first, the current minute last. */
  bidsPerMinute: z.array(consoleMinute),
  nodes: z.array(consoleNode),
  jobs: consoleJobs,
  banner: consoleBanner.nullable(),
  /** Whether the whole hall is paused. */
  hallPaused: z.boolean(),
});
export type ConsoleSnapshot = z.infer<typeof consoleSnapshot>;
