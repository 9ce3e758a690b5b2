import type { AuthUser } from "@bm/shared";

/** A signed-in member as `GET /api/auth/user` answers, for tests. */
export function member(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "u1",
    email: "seeker@example.com",
    firstName: "Vesper",
    lastName: null,
    isAdmin: false,
    isStaff: false,
    mpcBalance: "12.00",
    referralCode: "ZX81QP",
    gateOpen: false,
    ...overrides,
  };
}
