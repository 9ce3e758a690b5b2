import type { AuditAction, AuditTargetKind } from "@bm/shared/admin";

export const ACTION_WORDS: Record<AuditAction, string> = {
  "challenge.created": "Challenge created",
  "challenge.updated": "Challenge updated",
  "challenge.regraded": "Challenge re-graded",
  "gift_guide.added": "Product added",
  "gift_guide.removed": "Product removed",
  "social_codes.processed": "Social codes processed",
  "seed.run": "Seed run",
  "deletion.processed": "Deletion processed",
  "credits.adjust": "Credits adjusted",
  "lot.paused": "Lot paused",
  "lot.resumed": "Lot resumed",
  "lot.extended": "Lot extended",
  "hall.paused": "Hall paused",
  "hall.resumed": "Hall resumed",
  "hall.banner_set": "Banner shown",
  "hall.banner_cleared": "Banner taken down",
  "hall.increments_set": "Bid increments set",
  "bid.voided": "Bid voided",
  "lot.offered_runner_up": "Offered to the runner-up",
  "member.suspend": "Member suspended",
  "member.unsuspend": "Suspension lifted",
  "passkey.enrolled": "Passkey created",
  "passkey.used": "Signed in with a passkey",
  "passkey.removed": "Passkey removed by its member",
  "passkey.revoked": "Passkey revoked",
  "fair_play.reviewed": "Fair-play flag reviewed",
  "fair_play.dismissed": "Fair-play flag dismissed",
  "fair_play.recomputed": "Fair-play signals recomputed",
};

export const KIND_WORDS: Record<AuditTargetKind, string> = {
  puzzle: "Puzzle",
  trial: "Trial",
  gift_guide_product: "Gift guide product",
  social_codes: "Social codes",
  seed: "Seed",
  deletion_request: "Deletion request",
  member: "Member",
  lot: "Lot",
  bid: "Bid",
  hall: "Bidding Hall",
  passkey: "Passkey",
  fair_play_flag: "Fair-play flag",
};

/** A recorded field's value as text: strings as they are, the rest as JSON, nothing as '—'. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Every field either side records, in the order first seen, each marked changed or not. */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const was = before?.[field];
    const is = after?.[field];
    return { field, before: was, after: is, changed: JSON.stringify(was) !== JSON.stringify(is) };
  });
}
