import { type LiveProductsAnswer, liveProductsAnswer } from "@bm/shared/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { toQueryString } from "../../../components/admin";
import { api } from "../../../lib/api";
import { giftGuideKeys } from "./gift-guide-keys";

/** GET /api/admin/shopify-live-products?q=&cursor=: the shop's products matching `q`, a page at a time. */
export function getLiveProducts(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<LiveProductsAnswer> {
  return api.get(`/api/admin/shopify-live-products${toQueryString({ q, cursor })}`, liveProductsAnswer, signal);
}

/** The search's pages, each asked for by the previous one's cursor ('Load more'). */
export function useLiveProducts(q: string) {
  return useInfiniteQuery({
    queryKey: giftGuideKeys.live(q),
    queryFn: ({ pageParam, signal }) => getLiveProducts(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
