import { type AuthUser, authUser } from "@bm/shared";
import { api } from "../../../lib/api";

/**
 * The member as the server describes them. Until every server answers `gateOpen` (the gate moved
 * to the server with it), an answer without it reads as the older server decided: staff pass the
 * gate, members give the word.
 */
export const userAnswer = authUser
  .partial({ gateOpen: true })
  .transform((user): AuthUser => ({ ...user, gateOpen: user.gateOpen ?? user.isStaff }));

export function getUser(signal?: AbortSignal): Promise<AuthUser> {
  return api.get("/api/auth/user", userAnswer, signal);
}
