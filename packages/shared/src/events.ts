import type { ConsoleSnapshot } from "./schemas/admin/console";

/** Rooms of the real-time contract (DESIGN.md section 5). */
export const rooms = {
  lot: (id: number | string) => `lot:${id}`,
  /** Every lot's public updates, for the Bidding Hall's lists. */
  lots: () => "lots",
  auction: (id: number | string) => `auction:${id}`,
  user: (id: string) => `user:${id}`,
  /** The earn-credits pages: a challenge unlocked, or its last winner slot was taken. */
  challenges: () => "challenges",
  /** Every connected socket: the House's banner. */
  everyone: () => "everyone",
  /** The live auction console: admins' sockets only (the gateway checks), never a member's. */
  admin: () => "admin:console",
} as const;

/** Public state of a lot; no personal data. `version` rises with every change. */
export interface LotUpdateEvent {
  lotId: number;
  lotNumber: number;
  currentBid: string;
  minimumBid: string;
  bidCount: number;
  closesAt: string;
  /** When the House paused the lot; null while it runs. */
  pausedAt: string | null;
  isClosed: boolean;
  version: number;
}

/**
 * A bid on a lot, to the lot's room: the bid (anonymous label, stable per lot) and the lot's public
 * state after it, in one event, so a bid costs each watcher one frame (the hall's lists, in room
 * `lots`, take `lot:update`).
 */
export interface LotBidEvent extends LotUpdateEvent {
  /** The last bid this version added (the one at the lot's current bid). */
  bidId: number;
  /** The bid's amount (the lot's current bid after it). */
  amount: string;
  /** Anonymous label, stable per lot. */
  bidder: string;
  createdAt: string;
  /**
   * Every bid this version added, oldest first: the member's, and the House's for a maximum (the
   * leader's passed maximum before a new lead, or the leader's answer to a bid that only reached it).
   */
  bids: LotBidRow[];
}

/** One bid of a `lot:bid`, as the history shows it. */
export interface LotBidRow {
  id: number;
  amount: string;
  bidder: string;
  createdAt: string;
  /** Placed by the House on a maximum (never saying how far the maximum goes). */
  byHouse: boolean;
}

export interface LotClosedEvent extends LotUpdateEvent {
  closedAt: string;
  /** The winner's anonymous label, or null when nobody bid. */
  winner: string | null;
  finalBid: string;
}

export interface AuctionUpdateEvent {
  auctionId: number;
  currentBid: string;
  minimumBid: string;
  bidCount: number;
  endTime: string;
  status: "UPCOMING" | "ACTIVE" | "SOLD";
  version: number;
}

export interface AuctionBidEvent {
  auctionId: number;
  bidId: number;
  amount: string;
  bidder: string;
  createdAt: string;
  version: number;
}

export interface UserCreditsEvent {
  mpcBalance: string;
  committedCredits: number;
  available: number;
}

export interface UserOutbidEvent {
  kind: "lot" | "auction";
  lotId: number | null;
  lotNumber: number | null;
  auctionId: number | null;
  title: string;
  /** The bid that beat yours. */
  amount: string;
}

/**
 * The member's lead on a lot changed, told by the server (never inferred from a bid count): they
 * took it with a bid, lost it to another, or had it restored when the House voided a bid above.
 */
export interface UserLeadEvent {
  lotId: number;
  lotNumber: number;
  leading: boolean;
  currentBid: string;
  version: number;
  /**
   * The member's own maximum on the lot and the credits it pledges, while they lead on one (sent to
   * them alone), when it changed; null when their lead is a plain bid.
   */
  maximum?: { amount: string; credits: string } | null;
}

/** A bid on a lot was voided by the House: every watcher drops it from the price and marks it in the history. */
export interface LotVoidEvent {
  lotId: number;
  lotNumber: number;
  bidId: number;
  note: string;
  version: number;
}

/** The House's banner to every connected member; null message = taken down. */
export interface HallBannerEvent {
  message: string | null;
  at: string | null;
}

export interface UserWonEvent {
  lotId: number;
  lotNumber: number;
  title: string;
  finalBid: string;
  claimDeadline: string | null;
}

/** A challenge unlocked at its 1 PM New York instant. Never carries an answer. */
export interface ChallengeUnlockedEvent {
  type: "puzzle" | "task";
  id: number;
  urlSlug: string;
  date: string;
  unlocksAt: string;
}

/** The last winner slot of a challenge was taken: it is closed to everyone else. */
export interface ChallengeWonEvent {
  type: "puzzle" | "task";
  id: number;
  urlSlug: string;
  date: string;
  won: true;
}

/**
 * The node's own word on its live feed: it lost its link to the other processes (Redis) and
 * hears nothing they send until it is back (`realtime:paused`: the page polls and says so), or
 * it is back and every room should be watched again from the version held (`realtime:resync`).
 */
export interface RealtimePausedEvent {
  since: string;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  "lot:update": (payload: LotUpdateEvent) => void;
  "lot:bid": (payload: LotBidEvent) => void;
  "lot:closed": (payload: LotClosedEvent) => void;
  "auction:update": (payload: AuctionUpdateEvent) => void;
  "auction:bid": (payload: AuctionBidEvent) => void;
  "auction:closed": (payload: AuctionUpdateEvent) => void;
  "user:credits": (payload: UserCreditsEvent) => void;
  "user:outbid": (payload: UserOutbidEvent) => void;
  "user:won": (payload: UserWonEvent) => void;
  "user:lead": (payload: UserLeadEvent) => void;
  "lot:void": (payload: LotVoidEvent) => void;
  "hall:banner": (payload: HallBannerEvent) => void;
  "challenge:unlocked": (payload: ChallengeUnlockedEvent) => void;
  "challenge:won": (payload: ChallengeWonEvent) => void;
  /** The live auction console's fresh snapshot, every ~2 s while an admin on the node watches. */
  "console:update": (payload: ConsoleSnapshot) => void;
  "realtime:paused": (payload: RealtimePausedEvent) => void;
  "realtime:resync": (payload: Record<string, never>) => void;
}
export type ServerEvent = keyof ServerToClientEvents;
/** The payload of server event `E`. */
export type ServerEventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** The earn-credits room's acknowledgement: server time, and the room's last change (ISO instants). */
export interface ChallengesWatchSnapshot {
  serverTime: string;
  changedAt: string;
}

/** Acknowledgement of a watch: the current state, so a reconnect resyncs without a reload. */
export type WatchAck<T> = (answer: { ok: true; snapshot: T } | { ok: false; message: string }) => void;

/**
 * A lot watch's answer: the lot's state and, to a watcher coming back from `since`, what the
 * history gained and lost after that version (oldest first), or null when too much changed (then
 * the page reads the history again). One message per room.
 */
export type LotWatchAck = (
  answer:
    | {
        ok: true;
        snapshot: LotUpdateEvent;
        missed?: { bids: LotBidRow[]; voided: { bidId: number; note: string }[] } | null;
      }
    | { ok: false; message: string },
) => void;

export interface ClientToServerEvents {
  /** Join a lot's room; `since` is the last version of it the client holds (a reconnect). */
  "lot:watch": (payload: { lotNumber: number; since?: number }, ack?: LotWatchAck) => void;
  "lot:unwatch": (payload: { lotNumber: number }) => void;
  "lots:watch": (payload: Record<string, never>, ack?: WatchAck<LotUpdateEvent[]>) => void;
  "lots:unwatch": (payload: Record<string, never>) => void;
  "auction:watch": (payload: { id: number }, ack?: WatchAck<AuctionUpdateEvent>) => void;
  "auction:unwatch": (payload: { id: number }) => void;
  /**
   * Join the earn-credits room. The answer is the server's time and when the room's state last
   * changed (an unlock, a last winner slot): a page re-reads over HTTP what it read before then.
   */
  "challenges:watch": (payload: Record<string, never>, ack?: WatchAck<ChallengesWatchSnapshot>) => void;
  "challenges:unwatch": (payload: Record<string, never>) => void;
  /** Admins only: join the console's room (and every lot's updates); the answer is the snapshot. */
  "console:watch": (payload: Record<string, never>, ack?: WatchAck<ConsoleSnapshot>) => void;
  "console:unwatch": (payload: Record<string, never>) => void;
}
