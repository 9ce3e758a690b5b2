import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { AuctionLot } from "./lot.entity";

export interface LotNotification {
  id: number;
  lotId: number;
  userId: string;
  notificationType: string;
  emailSent: boolean;
  emailSentAt: Date | null;
  claimDeadline: Date | null;
  claimedAt: Date | null;
  declined: boolean;
  declinedAt: Date | null;
  expired: boolean;
  createdAt: Date;
  lot?: AuctionLot;
  user?: User;
}

export const LotNotificationEntity = new EntitySchema<LotNotification>({
  name: "LotNotification",
  tableName: "lot_notifications",
  columns: {
    id: col.id(),
    lotId: col.ref(),
    userId: col.userRef(),
    notificationType: col.varchar(32),
    emailSent: col.bool(false),
    emailSentAt: col.time(),
    claimDeadline: col.time(),
    claimedAt: col.time(),
    declined: col.bool(false),
    declinedAt: col.time(),
    expired: col.bool(false),
    createdAt: col.createdAt(),
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
  // One notification of a kind per lot and member, so a retried close records it once.
  uniques: [{ name: "uq_lot_notifications_kind", columns: ["lotId", "userId", "notificationType"] }],
});
