import { type CreditAccountAnswer, creditAccountAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { creditKeys } from "../../../api/credit-keys";
import { api } from "../../../lib/api";

/** The credit account: balance, last shop sync and the purchases that earned credits. */
export function getCreditAccount(signal?: AbortSignal): Promise<CreditAccountAnswer> {
  return api.get("/api/user/mpc", creditAccountAnswer, signal);
}

export function creditAccountQueryOptions(client: QueryClient) {
  return queryOptions({
    queryKey: creditKeys.account(),
    queryFn: async ({ signal }) => {
      const account = await getCreditAccount(signal);
      client.setQueryData(creditKeys.balance(), account.mpcBalance);
      return account;
    },
  });
}

export function useCreditAccount(client: QueryClient, enabled: boolean) {
  return useQuery({ ...creditAccountQueryOptions(client), enabled });
}

/** The latest balance known here (the account's or a live message's); null: the caller uses the user's. */
export function useKnownBalance(): string | null {
  return useQuery<string>({ queryKey: creditKeys.balance(), queryFn: skipToken }).data ?? null;
}
