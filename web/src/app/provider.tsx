import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { queryClient } from "../lib/query-client";
import { useAfterPagePaint } from "../lib/use-after-page-paint";

/**
 * The toast region's code loads once the first page has been drawn, not beside it: no page opens
 * with a toast (one raised before is shown as the region mounts: toasts live in their store).
 */
const Toaster = lazy(() => import("../components/ui/toast/toaster").then((m) => ({ default: m.Toaster })));

/**
 * App-wide services: the server-state cache and the toasts. (Who is signed in is asked in
 * main.tsx, before the first render, into this same cache.)
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const toasts = useAfterPagePaint(true, "main-content");
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
