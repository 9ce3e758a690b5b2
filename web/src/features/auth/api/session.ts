import type { AuthUser } from "@bm/shared";
import { useMutation } from "@tanstack/react-query";
import { authKeys, getUser } from "../../../api/get-user";
import { queryClient } from "../../../lib/query-client";
import { logout } from "./logout";

let latestRequest = 0;

/** Asks the server who is signed in; only the newest question's answer is kept. Null: nobody. */
export async function refreshUser(): Promise<AuthUser | null> {
  const request = ++latestRequest;
  // A check already under way (a page that mounted first) is overtaken by this one.
  void queryClient.cancelQueries({ queryKey: authKeys.user() });
  const user = await getUser().catch(() => null);
  if (request !== latestRequest) return heldUser() ?? null;
  queryClient.setQueryData(authKeys.user(), user);
  return user;
}

/** Ends the session. The user is cleared even when the call fails. */
export async function signOut(): Promise<void> {
  latestRequest++;
  await queryClient.cancelQueries({ queryKey: authKeys.user() });
  try {
    await logout();
  } catch {
    // Signed out locally regardless: the spec clears the user and moves on.
  } finally {
    queryClient.setQueryData(authKeys.user(), null);
  }
}

/** Signing out, as a mutation: the app forgets the member even when the server could not be told. */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}

/**
 * The server let the member through the Bidding Hall gate (it remembers that on their account),
 * or told us the gate is shut for them: the user held follows without asking again.
 */
export function setGateOpen(gateOpen: boolean): void {
  queryClient.setQueryData<AuthUser | null>(authKeys.user(), (user) =>
    user && user.gateOpen !== gateOpen ? { ...user, gateOpen } : user,
  );
}

/** Forgets who is signed in (tests). */
export function resetAuth(): void {
  latestRequest++;
  queryClient.removeQueries({ queryKey: authKeys.user() });
}

/** The user held, without asking (undefined: not known yet). */
export function heldUser(): AuthUser | null | undefined {
  return queryClient.getQueryData<AuthUser | null>(authKeys.user());
}
