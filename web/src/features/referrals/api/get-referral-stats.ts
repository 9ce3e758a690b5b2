import { type ReferralStatsAnswer, referralStatsAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { referralKeys } from "./referral-keys";

/** GET /api/referrals/stats: successful referrals, the most that count, the addresses invited. */
export function getReferralStats(signal?: AbortSignal): Promise<ReferralStatsAnswer> {
  return api.get("/api/referrals/stats", referralStatsAnswer, signal);
}

export function referralStatsQueryOptions() {
  return queryOptions({ queryKey: referralKeys.stats(), queryFn: ({ signal }) => getReferralStats(signal) });
}

export function useReferralStats() {
  return useQuery(referralStatsQueryOptions());
}
