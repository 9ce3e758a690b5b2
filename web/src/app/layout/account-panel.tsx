import { type AuthUser, formatDate, formatDateTime } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { paths } from "../../config/paths";
import { CreditBalance, useCreditAccount } from "../../features/credits";
import { EarnedCreditsMenu } from "../../features/credits/components/earned-credits-menu";
import { VictoriesMenu } from "../../features/lots";
import { credits } from "../../lib/format";
import { LeaveIcon } from "./leave-icon";

/** How many recent purchases the menu lists (spec section 2). */
const MENU_PURCHASES = 3;

interface AccountPanelProps {
  user: AuthUser;
  balance: string;
  onLeave: () => void;
}

/**
 * The account dropdown's contents, loaded when it is first opened: who you are, your bidding
 * power and last sync, your recent purchases, victories and earned credits, your ledgers and
 * notices, the way out.
 */
export default function AccountPanel({ user, balance, onLeave }: AccountPanelProps) {
  return (
    <>
      <p className="font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">Signed in as</p>
      <div className="mt-1 flex items-start justify-between gap-2">
        <p className="break-all text-base text-bone">{user.email}</p>
        {user.isAdmin && (
          <span className="shrink-0 border border-blood-bright/70 bg-blood-deep/60 px-1.5 py-0.5 font-display text-[0.75rem] tracking-[0.2em] text-bone uppercase">
            Admin
          </span>
        )}
      </div>
      <div className="hairline my-4" />
      <h2 className="mb-2 font-display text-[0.75rem] tracking-[0.28em] text-gold uppercase">Bidding Power</h2>
      <CreditBalance mpcBalance={balance} />
      <p className="mt-2 text-sm text-bone-faint italic">1 credit = $1 of bidding power.</p>
      <LastSynced />
      <div className="hairline my-4" />
      <RecentPurchases />
      <div className="hairline my-4" />
      <VictoriesMenu />
      <div className="hairline my-4" />
      <EarnedCreditsMenu />
      <div className="hairline my-4" />
      <nav aria-label="Your pages" className="flex flex-col">
        <MenuLink to={paths.creditsHistory.href()}>See All Credits</MenuLink>
        <MenuLink to={paths.notifications.href()}>Notices</MenuLink>
        <MenuLink to={paths.passkeys.href()}>Passkeys</MenuLink>
      </nav>
      {user.isAdmin && (
        <>
          <div className="hairline my-4" />
          {/* The operator's way in: the server still decides every admin call. */}
          <nav aria-label="The operator's area" className="flex flex-col">
            <MenuLink to={paths.admin.href()}>Admin Dashboard</MenuLink>
            <MenuLink to={paths.adminConsole.href()}>Live Console</MenuLink>
            <MenuLink to={paths.adminList.href()}>Content Management</MenuLink>
            <MenuLink to={paths.summary.href()}>Activity Summary</MenuLink>
            <MenuLink to={paths.adminCharts.href()}>Charts</MenuLink>
          </nav>
        </>
      )}
      <div className="hairline my-4" />
      <button
        type="button"
        onClick={onLeave}
        className="flex w-full items-center justify-between px-2 py-2 font-display text-xs tracking-[0.26em] text-blood-bright uppercase transition-colors hover:bg-blood-deep/40 hover:text-bone"
      >
        Leave
        <LeaveIcon className="h-4 w-4" />
      </button>
    </>
  );
}

/** The credit account (last sync, purchases), asked for when the dropdown opens. */
function useAccount() {
  const { data: account, isError } = useCreditAccount(useQueryClient(), true);
  return { account, status: isError ? ("error" as const) : ("loading" as const) };
}

function LastSynced() {
  const { account, status } = useAccount();
  let text: string;
  if (account)
    text = account.lastShopifySync
      ? `Last synced ${formatDateTime(account.lastShopifySync)}`
      : "Not synced with the shop yet";
  else text = status === "error" ? "The last sync could not be read." : "Reading the last sync...";
  return <p className="mt-1 text-sm text-bone-faint">{text}</p>;
}

function RecentPurchases() {
  const { account, status } = useAccount();
  return (
    <section aria-labelledby="menu-purchases">
      <h2 id="menu-purchases" className="mb-2 font-display text-[0.75rem] tracking-[0.28em] text-gold uppercase">
        Recent Purchases
      </h2>
      {!account ? (
        <p className="text-sm text-bone-faint italic">
          {status === "error" ? "The ledger could not be read. Try again shortly." : "Reading the ledger..."}
        </p>
      ) : account.purchases.length === 0 ? (
        <p className="text-sm text-bone-faint italic">No purchases credited yet.</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {account.purchases.slice(0, MENU_PURCHASES).map((purchase) => (
            <li key={purchase.id} className="flex items-center justify-between gap-3">
              <span className="text-sm text-bone-muted">{formatDate(purchase.orderDate)}</span>
              <span className="font-display text-sm text-gold-bright lining-nums tabular-nums">
                +{credits(purchase.mpcCredited)} MPC
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="flex items-center justify-between px-2 py-2 text-base text-bone-muted transition-colors hover:bg-gold/5 hover:text-gold-bright"
    >
      {children}
      <span aria-hidden="true" className="text-gold-dim">
        →
      </span>
    </Link>
  );
}
