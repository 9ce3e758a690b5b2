import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { AuctionLot } from "../lots/lot.entity";
import type { User } from "../users/user.entity";

/** A lot a member watches, kept with their account (every device of theirs). */
export interface WatchedLot {
  userId: string;
  lotId: number;
  createdAt: Date;
  user?: User;
  lot?: AuctionLot;
}

export const WatchedLotEntity = new EntitySchema<WatchedLot>({
  name: "WatchedLot",
  tableName: "watched_lots",
  columns: {
    userId: { type: "uuid", primary: true },
    lotId: { type: "integer", primary: true },
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id"), lot: fk("AuctionLot", "lot_id") },
  indices: [{ name: "ix_watched_lots_lot", columns: ["lotId"] }],
});

/**
 * A member's e-mail notices, kind by kind (no row: the defaults, `NoticeRepository.DEFAULT_EMAIL`).
 * The winner's e-mail is always sent: it carries the claim.
 */
export interface NoticePreference {
  userId: string;
  emailOutbid: boolean;
  emailClosing: boolean;
  user?: User;
}

export const NoticePreferenceEntity = new EntitySchema<NoticePreference>({
  name: "NoticePreference",
  tableName: "notice_preferences",
  columns: {
    userId: { type: "uuid", primary: true },
    emailOutbid: col.bool(true),
    emailClosing: col.bool(false),
  },
  relations: { user: fk("User", "user_id") },
});

/** A device a member allowed notices on: its push subscription and the kinds it wants. */
export interface PushSubscriptionRow {
  id: number;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
  outbid: boolean;
  closing: boolean;
  won: boolean;
  /** Sends the push service failed in a row (not counting a 404/410, which drops the device). */
  failures: number;
  lastSentAt: Date | null;
  createdAt: Date;
  user?: User;
}

export const PushSubscriptionEntity = new EntitySchema<PushSubscriptionRow>({
  name: "PushSubscription",
  tableName: "push_subscriptions",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    endpoint: col.text(),
    p256dh: col.varchar(200),
    auth: col.varchar(100),
    device: col.varchar(80, true),
    outbid: col.bool(true),
    closing: col.bool(true),
    won: col.bool(true),
    failures: col.int(false, 0),
    lastSentAt: col.time(),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id") },
  uniques: [{ name: "uq_push_subscriptions_endpoint", columns: ["endpoint"] }],
  indices: [{ name: "ix_push_subscriptions_user", columns: ["userId"] }],
});
