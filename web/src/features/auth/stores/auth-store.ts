import type { AuthUser } from "@bm/shared";
import { create } from "zustand";
import { getUser } from "../api/get-user";
import { logout } from "../api/logout";

type AuthStatus = "loading" | "authenticated" | "unauthenticated";

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

const initialState: AuthState = { status: "loading", user: null };

export const useAuthStore = create<AuthState>(() => initialState);

let latestRequest = 0;

/**
 * Asks the server who is signed in. Any non-OK answer or a network failure means signed out,
 * without a message. Only the newest request's answer is kept.
 */
export async function refreshUser(): Promise<AuthUser | null> {
  const request = ++latestRequest;
  let user: AuthUser | null = null;
  try {
    user = await getUser();
  } catch {
    user = null;
  }
  if (request === latestRequest) {
    useAuthStore.setState({ status: user ? "authenticated" : "unauthenticated", user });
  }
  return user;
}

/** Ends the session. The user is cleared even when the call fails. */
export async function signOut(): Promise<void> {
  latestRequest++;
  try {
    await logout();
  } catch {
    // Signed out locally regardless: the spec clears the user and moves on.
  } finally {
    useAuthStore.setState({ status: "unauthenticated", user: null });
  }
}

/**
 * The server let the member through the Bidding Hall gate (it remembers that on their account),
 * or told us the gate is shut for them: the user held here follows without asking again.
 */
export function setGateOpen(gateOpen: boolean): void {
  useAuthStore.setState((s) => (s.user && s.user.gateOpen !== gateOpen ? { user: { ...s.user, gateOpen } } : s));
}

export function resetAuth(): void {
  latestRequest++;
  useAuthStore.setState(initialState);
}
