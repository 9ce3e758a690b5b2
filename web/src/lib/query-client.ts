import { QueryClient } from "@tanstack/react-query";

/**
 * The server-state cache, as spec 000 section 7 asks: no retries (a failure is shown, the next
 * poll or a "Try again" asks again), data always stale (every visit asks the server), and no
 * refetch on window focus (live updates come by socket, or by polling while it is down).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; socket listeners and sign-out reach it without hooks. */
export const queryClient = createQueryClient();
