import type { AuthUser } from "@bm/shared";

/** The signed-in member as the API answers them (`GET /api/auth/user`). */
export type PublicUser = AuthUser;

/** Who is looking: answers show some fields (a winner's id) only to their owner and to admins. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** Whether `viewer` may see which member `ownerId` is: the member themself, or an admin. */
export function maySeeMember(viewer: Viewer | null, ownerId: string | null): boolean {
  return Boolean(viewer && ownerId && (viewer.isAdmin || viewer.id === ownerId));
}
