import type { AdminSuspension } from "@bm/shared/admin";

export const MEMBER_ID = "6f1c2b4e-8d3a-4c5b-9e7f-0a1b2c3d4e5f";

/** A suspension as the server answers it: in force, no end, set by an admin (component tests). */
export function suspensionFixture(overrides: Partial<AdminSuspension> = {}): AdminSuspension {
  return {
    id: 7,
    userId: MEMBER_ID,
    reason: "Did not pay for lot 12",
    startsAt: "2025-11-28T15:00:00.000Z",
    until: null,
    voidLeadingBids: false,
    createdBy: { id: "a1", email: "keeper@house.test" },
    liftedAt: null,
    liftedBy: null,
    liftReason: null,
    state: "active",
    ...overrides,
  };
}
