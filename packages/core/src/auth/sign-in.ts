import { formatMoney } from "@bm/shared";
import type { Tx } from "../db/transactor";
import type { User } from "../users/user.entity";
import type { UserRepository } from "../users/user.repository";
import type { PublicUser } from "../users/viewer";

/** Who the House's keepers and staff are (ADMIN_EMAILS, STAFF_EMAILS), lower-cased. */
export interface Roles {
  adminEmails: ReadonlySet<string>;
  staffEmails: ReadonlySet<string>;
}

/**
 * What every sign-in does once the member proved who they are, by code or by passkey, inside its
 * transaction: the admin flag follows ADMIN_EMAILS, and the sign-in is recorded with its address
 * and the browser's device id (`sign_ins`: the operator's analytics, the member's page, the
 * attempt log's addresses, the fair-play signals).
 */
export async function completeSignIn(
  users: UserRepository,
  roles: Roles,
  user: User,
  now: Date,
  origin: { address: string | null; device: string | null },
  tx: Tx,
): Promise<User> {
  const isAdmin = roles.adminEmails.has(user.email);
  if (user.isAdmin !== isAdmin) await users.setAdmin(user.id, isAdmin, tx);
  await users.recordSignIn(user.id, now, origin, tx);
  return { ...user, isAdmin };
}

/** The member as the API answers them. */
export function publicUserOf(user: User, roles: Roles): PublicUser {
  const isAdmin = roles.adminEmails.has(user.email.toLowerCase());
  const isStaff = roles.staffEmails.has(user.email.toLowerCase());
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin,
    isStaff,
    mpcBalance: formatMoney(user.mpcBalance),
    referralCode: user.referralCode,
    gateOpen: user.gatePassedAt !== null || isAdmin || isStaff,
  };
}
