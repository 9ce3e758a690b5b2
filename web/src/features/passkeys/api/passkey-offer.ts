import { type PasskeyOfferChoice, passkeyOffer } from "@bm/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { passkeyKeys } from "./get-passkeys";

/** Whether the member wants the offer now (the server keeps "not now" and "never"). */
export function usePasskeyOffer(enabled: boolean) {
  return useQuery({
    queryKey: passkeyKeys.offer(),
    queryFn: ({ signal }) => api.get("/api/passkeys/offer", passkeyOffer, signal),
    enabled,
    staleTime: 0,
  });
}

export function useAnswerPasskeyOffer() {
  return useMutation({
    mutationFn: (choice: PasskeyOfferChoice) => api.post("/api/passkeys/offer", { choice }, passkeyOffer),
  });
}
