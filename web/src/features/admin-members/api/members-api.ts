import {
  type BidList,
  bidList,
  type bidListQuery,
  type ClaimList,
  type CreditAdjustmentAnswer,
  type CreditAdjustmentBody,
  claimList,
  type claimListQuery,
  creditAdjustmentAnswer,
  type LedgerList,
  ledgerList,
  type ledgerListQuery,
  type MemberDetail,
  type MemberList,
  memberDetail,
  memberList,
  type memberListQuery,
} from "@bm/shared/admin";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toQueryString } from "../../../components/admin";
import { api } from "../../../lib/api";

export type MemberListParams = ReturnType<typeof memberListQuery.parse>;
export type LedgerParams = ReturnType<typeof ledgerListQuery.parse>;
export type BidParams = ReturnType<typeof bidListQuery.parse>;
export type ClaimParams = ReturnType<typeof claimListQuery.parse>;

export const memberKeys = {
  all: () => ["admin", "members"] as const,
  list: (query: MemberListParams) => ["admin", "members", "list", query] as const,
  one: (id: string) => ["admin", "members", id] as const,
  ledger: (query: LedgerParams) => ["admin", "members", query.member, "ledger", query] as const,
  bids: (query: BidParams) => ["admin", "members", query.member, "bids", query] as const,
  claims: (query: ClaimParams) => ["admin", "members", query.member, "claims", query] as const,
};

/** GET /api/admin/members: found by e-mail, name or referral code. */
export function useMembers(query: MemberListParams) {
  return useQuery<MemberList>({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) => api.get(`/api/admin/members${toQueryString(query)}`, memberList, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/members/{id}: the member's page. */
export function useMember(id: string) {
  return useQuery<MemberDetail>({
    queryKey: memberKeys.one(id),
    queryFn: ({ signal }) => api.get(`/api/admin/members/${encodeURIComponent(id)}`, memberDetail, signal),
  });
}

export function useLedger(query: LedgerParams) {
  return useQuery<LedgerList>({
    queryKey: memberKeys.ledger(query),
    queryFn: ({ signal }) => api.get(`/api/admin/ledger${toQueryString(query)}`, ledgerList, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBids(query: BidParams) {
  return useQuery<BidList>({
    queryKey: memberKeys.bids(query),
    queryFn: ({ signal }) => api.get(`/api/admin/bids${toQueryString(query)}`, bidList, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClaims(query: ClaimParams) {
  return useQuery<ClaimList>({
    queryKey: memberKeys.claims(query),
    queryFn: ({ signal }) => api.get(`/api/admin/claims${toQueryString(query)}`, claimList, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/members/{id}/credit-adjustments; the member's page and lists are read again. */
export function useAdjustCredits(id: string) {
  const client = useQueryClient();
  return useMutation<CreditAdjustmentAnswer, Error, CreditAdjustmentBody>({
    mutationFn: (body) =>
      api.post(`/api/admin/members/${encodeURIComponent(id)}/credit-adjustments`, body, creditAdjustmentAnswer),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all() }),
  });
}
