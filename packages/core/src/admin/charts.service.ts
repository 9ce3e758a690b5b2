import { availableCents, formatMoney, fromCents, LEDGER_KINDS, type LedgerKind, toCents } from "@bm/shared";
import {
  type BidsChartAnswer,
  CHART_MAX_DAYS,
  CHARTS_TIME_ZONE,
  CREDIT_SINKS,
  CREDIT_SOURCES,
  type CreditsChartAnswer,
  type EconomyChartAnswer,
  type SignupsChartAnswer,
} from "@bm/shared/admin";
import type { Clock } from "../ports/clock";
import { excludedNote, houseAddresses } from "./analytics.service";
import type { ChartsRepository, KindSums } from "./charts.repository";

/**
 * The admin's charts (issue 17 item 8): sign-ups per day, bids per hour of the auction, credits
 * by source and use, and the economy at a glance. Staff and admin accounts are left out of every
 * figure, as in the analytics, and each answer says so.
 */
export class ChartsService {
  private readonly excluded: string[];
  constructor(
    private readonly rows: ChartsRepository,
    private readonly clock: Clock,
    house: { adminEmails: ReadonlySet<string>; staffEmails: ReadonlySet<string> },
  ) {
    this.excluded = houseAddresses(house);
  }

  async signups(): Promise<SignupsChartAnswer> {
    const days = await this.rows.signUpsPerDay(this.excluded, this.clock.now(), CHART_MAX_DAYS);
    return {
      timeZone: CHARTS_TIME_ZONE,
      days,
      total: days.reduce((n, d) => n + d.count, 0),
      excluded: excludedNote(this.excluded),
    };
  }

  /** From the first lot's opening to the last close, or to now while the auction runs; nothing before it opens. */
  async bids(): Promise<BidsChartAnswer> {
    const span = await this.rows.auctionSpan();
    const to = span && new Date(Math.min(span.last.getTime(), this.clock.now().getTime()));
    if (!span || !to || to <= span.first) {
      return { span: null, hours: [], total: 0, excluded: excludedNote(this.excluded) };
    }
    const hours = await this.rows.bidsPerHour(this.excluded, span.first, to);
    return {
      span: { from: span.first.toISOString(), to: to.toISOString() },
      hours: hours.map((h) => ({ ...h, start: h.start.toISOString() })),
      total: hours.reduce((n, h) => n + h.count, 0),
      excluded: excludedNote(this.excluded),
    };
  }

  async credits(): Promise<CreditsChartAnswer> {
    const [byKind, days, outstanding] = await Promise.all([
      this.rows.creditsByKind(this.excluded),
      this.rows.creditsPerDay(this.excluded, this.clock.now(), CHART_MAX_DAYS),
      this.rows.outstanding(this.excluded),
    ]);
    const issued = side(byKind, "issued", CREDIT_SOURCES);
    const spent = side(byKind, "spent", CREDIT_SINKS);
    const sum = (list: { credits: string }[]) => fromCents(list.reduce((n, r) => n + toCents(r.credits), 0));
    return {
      timeZone: CHARTS_TIME_ZONE,
      issued,
      spent,
      totals: { issued: sum(issued), spent: sum(spent), outstanding: formatMoney(outstanding) },
      days: days.map((d) => ({
        date: d.date,
        issued: formatMoney(d.issued),
        spent: formatMoney(d.spent),
        issuedToDate: formatMoney(d.issuedToDate),
        spentToDate: formatMoney(d.spentToDate),
        outstanding: formatMoney(d.outstanding),
      })),
      excluded: excludedNote(this.excluded),
    };
  }

  async economy(): Promise<EconomyChartAnswer> {
    const at = this.clock.now();
    const [outstanding, holders, openLots] = await Promise.all([
      this.rows.outstanding(this.excluded),
      this.rows.committedMembers(this.excluded, at),
      this.rows.openLots(this.excluded),
    ]);
    const outstandingCents = toCents(outstanding);
    let committed = 0;
    let heldBalances = 0;
    let heldAvailable = 0;
    let overCommitted = 0;
    for (const holder of holders) {
      const balance = toCents(holder.balance);
      const held = toCents(holder.committed);
      committed += held;
      heldBalances += balance;
      heldAvailable += availableCents(balance, held);
      if (held > balance) overCommitted += 1;
    }
    return {
      at: at.toISOString(),
      outstanding: fromCents(outstandingCents),
      committed: fromCents(committed),
      // Members without commitments have their whole balance available.
      available: fromCents(outstandingCents - heldBalances + heldAvailable),
      overCommitted,
      openLots: {
        open: openLots.open,
        led: openLots.led,
        currentBids: formatMoney(openLots.currentBids),
        credits: formatMoney(openLots.credits),
      },
      excluded: excludedNote(this.excluded),
    };
  }
}

/** One side of the ledger per kind: the usual kinds always (zero or not), then any other kind with an amount there. */
function side(
  byKind: KindSums[],
  field: "issued" | "spent",
  usual: readonly LedgerKind[],
): { kind: LedgerKind; credits: string }[] {
  const cents = new Map(byKind.map((row) => [row.kind, toCents(row[field])]));
  const kinds = [...usual, ...LEDGER_KINDS.filter((k) => !usual.includes(k) && (cents.get(k) ?? 0) > 0)];
  return kinds.map((kind) => ({ kind, credits: fromCents(cents.get(kind) ?? 0) }));
}
