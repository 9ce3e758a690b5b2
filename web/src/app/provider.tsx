import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { queryClient } from "../lib/query-client";

/** The toast region's code loads beside the first page, not before it: no page opens with a toast. */
const Toaster = lazy(() => import("../components/ui/toast/toaster").then((m) => ({ default: m.Toaster })));

/**
 * App-wide services: the server-state cache and the toasts. (Who is signed in is asked in
 * main.tsx, before the first render, into this same cache.)
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
