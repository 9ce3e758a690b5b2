import {
  CREDIT_VALUE_USD,
  type CreditAccountAnswer,
  DOLLARS_PER_CREDIT,
  formatDate,
  formatDateTime,
  toCents,
} from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { credits, usd, usdFromCents } from "../../../lib/format";
import { useCreditAccount, useKnownBalance } from "../api/get-credit-account";
import { useSyncShopify } from "../api/sync-shopify";
import { CreditBalance } from "./credit-balance";

interface BiddingPowerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** The balance the header knows, until the account answers. */
  fallbackBalance: string;
}

/** The shop's order ids may be global ids ("gid://shopify/Order/1001"); members know the number. */
function orderNumber(shopifyOrderId: string): string {
  const last = shopifyOrderId.split("/").pop() ?? shopifyOrderId;
  return last.startsWith("#") ? last : `#${last}`;
}

/** The header's 'Bidding Power' dialog: balance, its breakdown, the shop sync and recent purchases. */
export function BiddingPowerDialog({ open, onOpenChange, email, fallbackBalance }: BiddingPowerDialogProps) {
  // Asked for each time the dialog opens (the breakdown's committed figure comes with CreditBalance).
  const accountQuery = useCreditAccount(useQueryClient(), open);
  const account = accountQuery.data ?? null;
  const accountStatus = account ? "ready" : accountQuery.isError ? "error" : "loading";
  const balance = useKnownBalance() ?? fallbackBalance;
  const sync = useSyncShopify();
  const syncing = sync.isPending;

  async function onSync() {
    if (syncing) return;
    try {
      const answer = await sync.mutateAsync();
      toast({ title: "Shopify Sync Complete", description: answer.message });
    } catch (error) {
      toast({
        title: "Sync Failed",
        description: messageOf(error, "Failed to sync with Shopify"),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Bidding Power" description={email} className="gap-0">
      <div className="flex flex-col items-center border border-gold/20 bg-ink-950/60 px-4 py-5 text-center">
        <span className="font-display text-[0.75rem] tracking-[0.32em] text-bone-faint uppercase">Credit total</span>
        <span className="mt-1 font-display text-4xl text-gold-bright lining-nums tabular-nums">{credits(balance)}</span>
        <span className="mt-1 text-sm text-bone-muted italic">
          MPC credits · worth {usdFromCents(toCents(balance) * CREDIT_VALUE_USD)} of bidding power
        </span>
        <Button variant="outline" onClick={onSync} disabled={syncing} className="mt-4 min-h-10 px-4 text-[0.75rem]">
          <SyncIcon spinning={syncing} />
          {syncing ? "Syncing..." : "Sync purchases"}
        </Button>
      </div>

      <section aria-labelledby="power-breakdown" className="mt-5">
        <h3 id="power-breakdown" className="sr-only">
          Breakdown
        </h3>
        <CreditBalance mpcBalance={balance} />
        {(account || accountStatus === "ready") && (
          <p className="mt-3 text-sm text-bone-faint">
            {account?.lastShopifySync
              ? `Last synced ${formatDateTime(account.lastShopifySync)}`
              : "Not synced with the shop yet"}
          </p>
        )}
      </section>

      <div className="hairline my-5" />

      <section aria-labelledby="recent-purchases">
        <h3 id="recent-purchases" className="font-display text-[0.75rem] tracking-[0.28em] text-gold uppercase">
          Recent Purchases
        </h3>
        <PurchaseList account={account} status={accountStatus} />
      </section>

      <p className="mt-5 border-l-2 border-gold/40 bg-ink-950/50 px-3 py-2 text-sm leading-relaxed text-bone-muted">
        Every ${DOLLARS_PER_CREDIT} spent in the shop earns 1 MPC credit, rounded up per item. 1 credit = $
        {CREDIT_VALUE_USD} of bidding power. Credits on your leading bids are committed, and deducted only when you pay
        for a lot you have won.
      </p>

      <Link
        to={paths.creditsHistory.href()}
        onClick={() => onOpenChange(false)}
        className="btn btn-ghost mt-4 self-center"
      >
        See All Credits <span aria-hidden="true">→</span>
      </Link>
    </Dialog>
  );
}

function PurchaseList({
  account,
  status,
}: {
  account: CreditAccountAnswer | null;
  status: "idle" | "loading" | "ready" | "error";
}) {
  if (!account) {
    return (
      <p className="mt-3 text-base text-bone-faint italic">
        {status === "error" ? "The ledger could not be read. Try again shortly." : "Reading the ledger..."}
      </p>
    );
  }
  if (account.purchases.length === 0) {
    return (
      <p className="mt-3 text-base text-bone-faint italic">
        No purchases credited yet. Sync after shopping to claim your credits.
      </p>
    );
  }
  return (
    <ul className="mt-3 max-h-52 divide-y divide-gold/10 overflow-y-auto border-y border-gold/10 pr-1">
      {account.purchases.map((purchase) => (
        <li key={purchase.id} className="flex items-center justify-between gap-3 py-2.5">
          <span className="min-w-0">
            <span className="block truncate text-base text-bone">Order {orderNumber(purchase.shopifyOrderId)}</span>
            <span className="block text-sm text-bone-faint">{formatDate(purchase.orderDate)}</span>
          </span>
          <span className="shrink-0 text-right">
            <span className="block font-display text-sm text-gold-bright lining-nums tabular-nums">
              +{credits(purchase.mpcCredited)} MPC
            </span>
            <span className="block text-sm text-bone-muted lining-nums tabular-nums">{usd(purchase.orderAmount)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function SyncIcon({ spinning }: { spinning: boolean }) {
  if (spinning) return <Spinner className="h-4 w-4" />;
  return (
    <svg viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.2" aria-hidden="true">
      <path d="M13 6 A5 5 0 0 0 3.6 4.4 M3 10 A5 5 0 0 0 12.4 11.6" strokeLinecap="round" />
      <path d="M13 2.5 V6 H9.5 M3 13.5 V10 H6.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
