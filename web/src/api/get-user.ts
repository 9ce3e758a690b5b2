// zod's small build, in the entry: the answer every page waits for is read as it arrives.
import { type AuthUser, authUser } from "@bm/shared/auth-answers";
import { queryOptions } from "@tanstack/react-query";
import { api, parseAnswer } from "../lib/api";

export async function getUser(signal?: AbortSignal): Promise<AuthUser> {
  return parseAnswer(authUser, await api.get("/api/auth/user", undefined, signal));
}

export const authKeys = {
  user: () => ["auth", "user"] as const,
};

/**
 * Who is signed in: the user, or null. Any non-OK answer or a network failure means signed out,
 * without a message. Asked once on load and whenever the session changes (sign-in, sign-out, a
 * lapsed session), not by every component that shows the user: hence never stale on its own.
 */
export function userQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: async ({ signal }): Promise<AuthUser | null> => {
      try {
        return await getUser(signal);
      } catch {
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
