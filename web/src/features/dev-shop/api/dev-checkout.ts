import { type DevCheckoutAnswer, devCheckoutAnswer } from "@bm/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function getDevCheckout(id: string, signal?: AbortSignal): Promise<DevCheckoutAnswer> {
  return api.get(`/api/dev-shop/checkouts/${encodeURIComponent(id)}`, devCheckoutAnswer, signal);
}

export function payDevCheckout(id: string): Promise<DevCheckoutAnswer> {
  return api.post(`/api/dev-shop/checkouts/${encodeURIComponent(id)}/pay`, {}, devCheckoutAnswer);
}

export const devCheckoutKeys = { checkout: (id: string) => ["dev-checkout", id] as const };

export function devCheckoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: devCheckoutKeys.checkout(id),
    queryFn: ({ signal }) => getDevCheckout(id, signal),
  });
}

export function useDevCheckout(id: string) {
  return useQuery(devCheckoutQueryOptions(id));
}

/** Pays; the paid checkout is shown at once, and a refused one asked for again (it may be withdrawn). */
export function usePayDevCheckout(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => payDevCheckout(id),
    onSuccess: (paid) => client.setQueryData(devCheckoutKeys.checkout(id), paid),
  });
}
