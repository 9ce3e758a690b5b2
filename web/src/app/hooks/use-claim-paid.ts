import type { LotAnswer } from "@bm/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../components/ui/toast";
import { refreshCredits, syncShopify } from "../../features/credits";
import { messageOf } from "../../lib/api";

/** The held answers that may carry the member's won lots: a lot's page, the won lots. */
function wonLotsIn(data: unknown): LotAnswer[] {
  const lots = Array.isArray(data) ? data : data ? [data] : [];
  return (lots as LotAnswer[]).filter((lot) => lot && typeof lot === "object" && "claimStatus" in lot && lot.isWinner);
}

async function runSync(client: QueryClient) {
  try {
    const answer = await syncShopify();
    toast({ title: "Shopify Sync Complete", description: answer.message });
    refreshCredits(client);
  } catch (error) {
    toast({
      title: "Sync Failed",
      description: messageOf(error, "Failed to sync with Shopify"),
      variant: "destructive",
    });
  }
}

/**
 * A claim the member was watching turns paid (the shop reported the order): they are told so, and
 * offered the purchase sync that turns the order into credits.
 */
export function useClaimPaidNotice(): void {
  const client = useQueryClient();
  useEffect(() => {
    const seen = new Map<number, LotAnswer["claimStatus"]>();
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      const root = event.query.queryKey[0];
      if (root !== "lot" && root !== "lots-won") return;
      for (const lot of wonLotsIn(event.query.state.data)) {
        const before = seen.get(lot.id);
        seen.set(lot.id, lot.claimStatus);
        if (before !== "pending" || lot.claimStatus !== "claimed") continue;
        toast({
          title: "Claim paid",
          description: `Lot ${lot.lotNumber} · ${lot.title} is yours. Sync your purchases to earn its credits.`,
          action: { label: "Sync purchases", onClick: () => void runSync(client) },
        });
      }
    });
  }, [client]);
}
