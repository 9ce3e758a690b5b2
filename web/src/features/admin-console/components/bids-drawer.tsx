import {
  type AdminLotBid,
  type AdminLotMaximum,
  type ConsoleLot,
  VOID_REASON_MAX,
  voidBidBody,
} from "@bm/shared/admin";
import { useState } from "react";
import { ErrorNote, FormField, formatInstant, LoadingNote } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { messageOf } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { usd } from "../../../lib/format";
import { useLotBids } from "../api/controls";
import { ControlDialog } from "./control-dialog";

function VoidDialog({ lot, bid, onClose }: { lot: ConsoleLot; bid: AdminLotBid; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [reopen, setReopen] = useState(false);
  const closed = lot.status === "closed";
  const parsed = voidBidBody.safeParse({ reason, reopen: closed && reopen });
  const [touched, setTouched] = useState(false);
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  return (
    <ControlDialog
      title={`Void ${bid.bidder}'s bid of ${usd(bid.amount)}?`}
      confirmLabel="Void bid"
      control={parsed.success ? { kind: "void-bid", bidId: bid.id, lotId: lot.id, body: parsed.data } : null}
      onClose={onClose}
      onInvalid={() => setTouched(true)}
    >
      <p>
        The bid of <strong className="text-bone">{bid.email}</strong> stays in the history as 'withdrawn by the House'.
        The lead and the price are recomputed from the remaining bids, and the credits it held are released.
      </p>
      <p>
        The room sees the new price at once; the member is told their bid was withdrawn, and a restored leader that they
        lead again.
      </p>
      <FormField label="Reason (admins only)" error={error} hint={`Required, up to ${VOID_REASON_MAX} characters.`}>
        {(control) => (
          <textarea
            {...control}
            className="field min-h-24 resize-y"
            maxLength={VOID_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        )}
      </FormField>
      {closed && (
        <label className="flex min-h-11 items-center gap-3 text-bone">
          <input
            type="checkbox"
            className="h-5 w-5 accent-gold"
            checked={reopen}
            onChange={(e) => setReopen(e.target.checked)}
          />
          Re-open the lot (it is closed): bidding starts again, its watchers are told.
        </label>
      )}
    </ControlDialog>
  );
}

function BidLine({ bid, onVoid }: { bid: AdminLotBid; onVoid: () => void }) {
  const voided = bid.voidedAt !== null;
  return (
    <li className={cn("flex flex-col gap-1 border-b border-gold/10 py-3", voided && "opacity-75")}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className={cn("font-display text-lg lining-nums", voided ? "text-bone-muted line-through" : "text-bone")}>
          {usd(bid.amount)}
        </span>
        <span className="text-sm text-bone-muted">{formatInstant(bid.createdAt)}</span>
      </div>
      <p className="text-base text-bone-muted">
        {bid.bidder} · <span className="break-all text-bone">{bid.email}</span>
        {Number(bid.creditsUsed) > 0 && <> · {bid.creditsUsed} credits</>}
        {bid.byHouse && <> · on a maximum</>}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {voided ? (
          <p className="text-sm text-blood-bright">
            Withdrawn by the House {formatInstant(bid.voidedAt)}
            {bid.voidReason && <span className="text-bone-muted"> · {bid.voidReason}</span>}
          </p>
        ) : bid.leading ? (
          <span className="font-display text-[0.75rem] tracking-[0.16em] text-gold-bright uppercase">Leading</span>
        ) : (
          <span />
        )}
        {!voided && (
          <Button
            variant="outline"
            className="px-3"
            onClick={onVoid}
            aria-label={`Void ${bid.bidder}'s bid of ${usd(bid.amount)}`}
          >
            Void
          </Button>
        )}
      </div>
    </li>
  );
}

/** The lot's maxima, highest first: the House's eyes only (no member ever sees another's). */
function Maxima({ lot, maxima }: { lot: ConsoleLot; maxima: AdminLotMaximum[] }) {
  if (maxima.length === 0) return null;
  return (
    <section aria-labelledby={`maxima-${lot.id}`} className="mb-4 rounded border border-gold/20 p-3">
      <h3 id={`maxima-${lot.id}`} className="font-display text-base tracking-[0.08em] text-gold-bright">
        Maxima (admins only)
      </h3>
      <ul aria-label={`Maxima on Lot ${lot.lotNumber}`}>
        {maxima.map((m) => (
          <li key={`${m.bidder}-${m.email}`} className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
            <span className="text-bone">
              <span className="font-display lining-nums">{usd(m.amount)}</span>
              {Number(m.credits) > 0 && <span className="text-bone-muted"> · {m.credits} credits pledged</span>}
            </span>
            <span className="text-sm text-bone-muted">
              {m.bidder} · <span className="break-all">{m.email}</span>
              {m.leading ? " · leading" : " · passed"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A lot's bids, newest first, voided ones kept; each standing bid can be voided after a question. */
export function BidsDrawer({ lot, onClose }: { lot: ConsoleLot; onClose: () => void }) {
  const bids = useLotBids(lot.id);
  const [voiding, setVoiding] = useState<AdminLotBid | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Bids on Lot ${lot.lotNumber}`} placement="right">
      <p className="text-base text-bone-muted">{lot.title}</p>
      {bids.isError ? (
        <ErrorNote message={messageOf(bids.error, "The bids could not be read.")} onRetry={() => void bids.refetch()} />
      ) : !bids.data ? (
        <LoadingNote text="Reading the bids..." />
      ) : bids.data.bids.length === 0 ? (
        <p className="py-6 text-bone-muted">No bid yet.</p>
      ) : (
        <>
          <Maxima lot={lot} maxima={bids.data.maxima} />
          <ul aria-label={`Bids on Lot ${lot.lotNumber}`}>
            {bids.data.bids.map((bid) => (
              <BidLine key={bid.id} bid={bid} onVoid={() => setVoiding(bid)} />
            ))}
          </ul>
        </>
      )}
      {voiding && <VoidDialog lot={lot} bid={voiding} onClose={() => setVoiding(null)} />}
    </Dialog>
  );
}
