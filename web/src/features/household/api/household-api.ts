import { type HouseholdAnswer, householdAnswer } from "@bm/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const householdKey = ["account", "household"] as const;

/** GET /api/account/household: the member's household, or the invitation waiting on either side. */
export function useHousehold() {
  return useQuery({
    queryKey: householdKey,
    queryFn: ({ signal }) => api.get("/api/account/household", householdAnswer, signal),
  });
}

type Change = { kind: "invite"; email: string } | { kind: "confirm" | "end"; id: number };

/** Invite an address, confirm an invitation, or end either: the answer is the household as it now stands. */
export function useChangeHousehold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change): Promise<HouseholdAnswer> =>
      change.kind === "invite"
        ? api.post("/api/account/household/invite", { email: change.email }, householdAnswer)
        : api.post(`/api/account/household/${change.id}/${change.kind}`, {}, householdAnswer),
    onSuccess: (answer) => client.setQueryData(householdKey, answer),
  });
}
