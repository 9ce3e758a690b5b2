import { type SEED_TARGETS, type SeedAnswer, seedAnswer } from "@bm/shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export type SeedTargetInfo = (typeof SEED_TARGETS)[number];

/**
 * POST /api/auction-lots/seed, /api/puzzles/seed, /api/trials/seed, /api/gift-guide-products/seed.
 * Without `force` the server refuses (409, naming what would go) when members' data would be lost.
 */
export function runSeed(target: SeedTargetInfo, force: boolean): Promise<SeedAnswer> {
  return api.post(target.path, { force }, seedAnswer);
}

/**
 * A seed replaces content many screens show (lots, challenges, products): every cached answer is
 * asked for again, whichever feature holds it.
 */
export function useRunSeed(target: SeedTargetInfo) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (force: boolean) => runSeed(target, force),
    onSuccess: () => client.invalidateQueries(),
  });
}
