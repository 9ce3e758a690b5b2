import {
  type FairPlayDecisionBody,
  type FairPlayFlag,
  type FairPlayFlagPage,
  type FairPlayRecomputeAnswer,
  type FairPlayStatus,
  fairPlayFlag,
  fairPlayFlagPage,
  fairPlayRecomputeAnswer,
} from "@bm/shared/admin";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const flagKeys = {
  all: () => ["admin", "fair-play"] as const,
  list: (status: FairPlayStatus, page: number) => ["admin", "fair-play", "list", status, page] as const,
  one: (id: number) => ["admin", "fair-play", "flag", id] as const,
};

/** GET /api/admin/fair-play/flags: a page of one status's flags, the most severe first. */
export function getFlags(status: FairPlayStatus, page: number, signal?: AbortSignal): Promise<FairPlayFlagPage> {
  return api.get(`/api/admin/fair-play/flags?status=${status}&page=${page}&sort=severity`, fairPlayFlagPage, signal);
}

export function useFlags(status: FairPlayStatus, page: number) {
  return useQuery({
    queryKey: flagKeys.list(status, page),
    queryFn: ({ signal }) => getFlags(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/fair-play/flags/{id}: the flag with its evidence. */
export function useFlag(id: number) {
  return useQuery({
    queryKey: flagKeys.one(id),
    queryFn: ({ signal }) => api.get(`/api/admin/fair-play/flags/${id}`, fairPlayFlag, signal),
  });
}

/** POST /api/admin/fair-play/flags/{id}/decision: reviewed, or dismissed with why (audited). */
export function useDecideFlag(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FairPlayDecisionBody): Promise<FairPlayFlag> =>
      api.post(`/api/admin/fair-play/flags/${id}/decision`, body, fairPlayFlag),
    onSettled: () => client.invalidateQueries({ queryKey: flagKeys.all() }),
  });
}

/** POST /api/admin/fair-play/recompute: every signal now (audited). */
export function useRecompute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<FairPlayRecomputeAnswer> =>
      api.post("/api/admin/fair-play/recompute", {}, fairPlayRecomputeAnswer),
    onSettled: () => client.invalidateQueries({ queryKey: flagKeys.all() }),
  });
}
