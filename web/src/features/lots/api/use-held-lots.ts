import type { LotAnswer } from "@bm/shared";
import { skipToken, useQuery } from "@tanstack/react-query";
import { lotKeys } from "./lot-cache";

/**
 * The event's lots as this visit already holds them (the hall or a lot read them), never asked
 * for: the gate may still be shut, and the pages that show the event's dates only need what is known.
 */
export function useHeldLots(): LotAnswer[] {
  return useQuery<LotAnswer[]>({ queryKey: lotKeys.list(), queryFn: skipToken }).data ?? [];
}
