import { type ConsoleLot, EXTEND_MINUTES_MAX, extendLotBody } from "@bm/shared/admin";
import { useState } from "react";
import { FormField, formatInstant } from "../../../components/admin";
import { usd } from "../../../lib/format";
import { BidsDrawer } from "./bids-drawer";
import { ControlDialog } from "./control-dialog";

export type LotActionKind = "pause" | "resume" | "extend" | "bids" | "runner-up";
export interface LotAction {
  kind: LotActionKind;
  lot: ConsoleLot;
}

const name = (lot: ConsoleLot) => `Lot ${lot.lotNumber} · ${lot.title}`;

function ExtendDialog({ lot, onClose }: { lot: ConsoleLot; onClose: () => void }) {
  const [text, setText] = useState("5");
  const parsed = extendLotBody.safeParse({ minutes: Number(text) });
  const error = text.trim() === "" || !parsed.success ? "Minutes must be a whole number from 1 to 1440" : undefined;
  const newClose = parsed.success ? new Date(Date.parse(lot.closesAt) + parsed.data.minutes * 60_000) : null;
  return (
    <ControlDialog
      title={`Extend ${name(lot)}?`}
      confirmLabel="Extend close"
      control={parsed.success ? { kind: "extend", lotId: lot.id, body: parsed.data } : null}
      onClose={onClose}
    >
      <FormField label="Minutes to add" error={error} hint={`1 to ${EXTEND_MINUTES_MAX} (a day).`}>
        {(control) => (
          <input
            {...control}
            className="field"
            type="number"
            inputMode="numeric"
            min={1}
            max={EXTEND_MINUTES_MAX}
            step={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </FormField>
      <p>
        The close moves from <strong className="text-bone">{formatInstant(lot.closesAt)}</strong>
        {newClose && (
          <>
            {" "}
            to <strong className="text-bone">{formatInstant(newClose.toISOString())}</strong>
          </>
        )}
        . Everyone watching the lot and the Bidding Hall sees the new close at once.
      </p>
    </ControlDialog>
  );
}

/** The dialog of one lot control: pause, resume, extend, its bids, or the offer to the runner-up. */
export function LotActionDialog({ action, onClose }: { action: LotAction; onClose: () => void }) {
  const { lot } = action;
  switch (action.kind) {
    case "pause":
      return (
        <ControlDialog
          title={`Pause ${name(lot)}?`}
          confirmLabel="Pause lot"
          control={{ kind: "pause-lot", lotId: lot.id }}
          onClose={onClose}
        >
          <p>
            Bids on this lot are refused, with a message naming the pause, until you resume it; it cannot close while
            paused. On resume its close moves later by the time it was paused.
          </p>
          <p>Everyone watching the lot and the Bidding Hall is told at once.</p>
        </ControlDialog>
      );
    case "resume":
      return (
        <ControlDialog
          title={`Resume ${name(lot)}?`}
          confirmLabel="Resume lot"
          control={{ kind: "resume-lot", lotId: lot.id }}
          onClose={onClose}
        >
          <p>
            Bidding opens again and the close moves later by the time the lot was paused (soft close still applies).
          </p>
          <p>Everyone watching the lot and the Bidding Hall is told at once.</p>
        </ControlDialog>
      );
    case "extend":
      return <ExtendDialog lot={lot} onClose={onClose} />;
    case "runner-up":
      return (
        <ControlDialog
          title={`Offer ${name(lot)} to the runner-up?`}
          confirmLabel="Offer to runner-up"
          control={{ kind: "offer-runner-up", lotId: lot.id }}
          onClose={onClose}
        >
          <p>
            The winner's claim expired unpaid (the winning bid was {usd(lot.currentBid)}). The runner-up is offered the
            lot at their own highest bid, with a fresh claim window.
          </p>
          <p>The runner-up is told by e-mail with a cart link, and on their open pages; nobody else is told.</p>
        </ControlDialog>
      );
    case "bids":
      return <BidsDrawer lot={lot} onClose={onClose} />;
  }
}
