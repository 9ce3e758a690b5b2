import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Toaster } from "../components/ui/toast";
import { userQueryOptions } from "../features/auth";
import { queryClient } from "../lib/query-client";

/** App-wide services: the server-state cache, who is signed in (learnt once on load), the toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Whoever asks first (this, or a page showing the user) starts the one request; the rest share it.
    void queryClient.prefetchQuery(userQueryOptions());
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
