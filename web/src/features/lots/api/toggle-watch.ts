import { watchlistAnswer } from "@bm/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { api, messageOf, titleOf } from "../../../lib/api";
import { watchlistKeys } from "./get-watchlist";

export function watchLot(lotId: number): Promise<number[]> {
  return api.put(`/api/user/watchlist/${lotId}`, {}, watchlistAnswer).then((answer) => answer.lotIds);
}

export function unwatchLot(lotId: number): Promise<number[]> {
  return api.delete(`/api/user/watchlist/${lotId}`, watchlistAnswer).then((answer) => answer.lotIds);
}

const withLot = (ids: number[], lotId: number, watch: boolean) =>
  watch ? (ids.includes(lotId) ? ids : [...ids, lotId]) : ids.filter((id) => id !== lotId);

/** True while no other change of the watchlist is on its way: the server's answer is then the latest word. */
const lastChange = (client: QueryClient) => client.isMutating({ mutationKey: watchlistKeys.all() }) === 1;

/**
 * Watches a lot or stops watching it. The eye changes at once; the server's answer (the account's
 * whole list) then replaces the list, unless another change went after it. A refusal puts the eye
 * back and says why. Changes of one lot go to the server one after another (its scope, shared by
 * every eye of the lot), so a quick double tap ends as the member left it. `mutate(true)` watches.
 */
export function useToggleWatch(lotId: number, lotNumber: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: watchlistKeys.all(),
    scope: { id: `watchlist:${lotId}` },
    mutationFn: (watch: boolean) => (watch ? watchLot(lotId) : unwatchLot(lotId)),
    onMutate: async (watch) => {
      // A read on its way would answer the list as it was before this change.
      await client.cancelQueries({ queryKey: watchlistKeys.all() });
      const held = client.getQueryData<number[]>(watchlistKeys.all());
      client.setQueryData<number[]>(watchlistKeys.all(), withLot(held ?? [], lotId, watch));
      return { hadList: held !== undefined };
    },
    onSuccess: (ids) => {
      if (lastChange(client)) client.setQueryData(watchlistKeys.all(), ids);
    },
    onError: (error, watch, context) => {
      if (context?.hadList)
        client.setQueryData<number[]>(watchlistKeys.all(), (ids) => ids && withLot(ids, lotId, !watch));
      // The list was still being read when the eye was touched: read it again rather than guess.
      else void client.invalidateQueries({ queryKey: watchlistKeys.all() });
      toast({
        title: titleOf(error, "Watchlist Unchanged"),
        description: messageOf(
          error,
          watch
            ? `Lot ${lotNumber} could not be added to your watchlist. Try again.`
            : `Lot ${lotNumber} could not be taken off your watchlist. Try again.`,
        ),
        variant: "destructive",
      });
    },
  });
}
