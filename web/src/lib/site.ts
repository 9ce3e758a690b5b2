import { type SiteAnswer, siteAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export type { SiteAnswer };

/** GET /api/site: what the public pages state from the server's configuration (support address, delays, dates). */
export function getSite(signal?: AbortSignal): Promise<SiteAnswer> {
  return api.get("/api/site", siteAnswer, signal);
}

/** Configuration changes with a deploy, not while a page is open: read once every few minutes at most. */
export function siteQueryOptions() {
  return queryOptions({ queryKey: ["site"] as const, queryFn: ({ signal }) => getSite(signal), staleTime: 5 * 60_000 });
}

export function useSite() {
  return useQuery(siteQueryOptions());
}

/** Starts reading the facts with a page's code (the router's preload), so the page rarely waits for them. */
export function prefetchSite(client: QueryClient): void {
  void client.prefetchQuery(siteQueryOptions());
}
