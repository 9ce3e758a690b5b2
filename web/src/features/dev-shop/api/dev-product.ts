import { type DevProductAnswer, devProductAnswer } from "@bm/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function getDevProduct(handle: string, signal?: AbortSignal): Promise<DevProductAnswer> {
  return api.get(`/api/dev-shop/products/${encodeURIComponent(handle)}`, devProductAnswer, signal);
}

export function useDevProduct(handle: string) {
  return useQuery({ queryKey: ["dev-product", handle], queryFn: ({ signal }) => getDevProduct(handle, signal) });
}
