import { z } from "zod";
import { LEDGER_KINDS, type LedgerKind } from "../../constants";
import { moneyString } from "../auth";

/* --------------------------------------------- charts ---------------------------------------- */

/** The zone every day of the charts is a day of, and the zone their hours are labelled in beside UTC. */
export const CHARTS_TIME_ZONE = "America/New_York";
/** A day series covers at most this many days, ending today (New York). */
export const CHART_MAX_DAYS = 366;

/** Ledger kinds that give credits, in the order the chart shows them (another kind joins if it ever gives). */
export const CREDIT_SOURCES = [
  "purchase",
  "puzzle",
  "trial",
  "referral",
  "signup",
  "social",
  "loyalty",
  "admin",
] as const satisfies readonly LedgerKind[];
/** Ledger kinds that take credits: paying for a lot, the catalogue, an operator's negative adjustment. */
export const CREDIT_SINKS = ["lot_payment", "catalogue", "admin"] as const satisfies readonly LedgerKind[];

const count = z.number().int().nonnegative();
/** Staff and admin accounts are left out of every chart; `excluded` says so in words. */
const excluded = z.string();

/** GET /api/admin/charts/signups: new members per New York day, zero-filled up to today. */
export const signupsChartAnswer = z.object({
  timeZone: z.literal(CHARTS_TIME_ZONE),
  /** One row per New York day (YYYY-MM-DD), from the first sign-up's day (or CHART_MAX_DAYS ago) to today. */
  days: z.array(z.object({ date: z.string(), count })),
  total: count,
  excluded,
});
export type SignupsChartAnswer = z.infer<typeof signupsChartAnswer>;

/** GET /api/admin/charts/bids: lot bids placed per hour, zero-filled over the auction's span. */
export const bidsChartAnswer = z.object({
  /**
   * From the first lot's opening to the last lot's close, or to now if that is earlier; null
   * before the first lot opens (or with no lots).
   */
  span: z.object({ from: z.string(), to: z.string() }).nullable(),
  hours: z.array(
    z.object({
      /** The hour's first instant (ISO, UTC). */
      start: z.string(),
      /** "Fri 14:00" in UTC, and the same hour in New York ("Fri 09:00"). */
      utc: z.string(),
      newYork: z.string(),
      /** Bids placed in the hour, those the House later voided included. */
      count,
      /** Of them, the bids since voided by the House. */
      voided: count,
    }),
  ),
  total: count,
  excluded,
});
export type BidsChartAnswer = z.infer<typeof bidsChartAnswer>;

const ledgerKind = z.enum(LEDGER_KINDS);
/** GET /api/admin/charts/credits: credits given by source, taken by use, and what members hold. */
export const creditsChartAnswer = z.object({
  timeZone: z.literal(CHARTS_TIME_ZONE),
  /** Positive ledger rows summed by kind: every CREDIT_SOURCES kind (zero or not), then any other that gave. */
  issued: z.array(z.object({ kind: ledgerKind, credits: moneyString })),
  /** Negative ledger rows summed by kind, as positive amounts: every CREDIT_SINKS kind, then any other that took. */
  spent: z.array(z.object({ kind: ledgerKind, credits: moneyString })),
  totals: z.object({
    issued: moneyString,
    spent: moneyString,
    /** The members' balances summed (equal to issued less spent: the ledger is the balance). */
    outstanding: moneyString,
  }),
  /** Per New York day, zero-filled to today: that day's issued and spent, and the running totals at its end. */
  days: z.array(
    z.object({
      date: z.string(),
      issued: moneyString,
      spent: moneyString,
      issuedToDate: moneyString,
      spentToDate: moneyString,
      outstanding: moneyString,
    }),
  ),
  excluded,
});
export type CreditsChartAnswer = z.infer<typeof creditsChartAnswer>;

/** GET /api/admin/charts/economy: the credits members hold, against the open lots' current bids. */
export const economyChartAnswer = z.object({
  /** The instant the figures were read (ISO). */
  at: z.string(),
  /** The members' balances summed. */
  outstanding: moneyString,
  /** Credits held by leading bids, pending claims and catalogue checkouts (the rule every bid checks). */
  committed: moneyString,
  /** Each member's balance less committed (never below zero), summed. */
  available: moneyString,
  /** Members whose committed credits exceed their balance (should stay 0). */
  overCommitted: count,
  /** Lots not closed yet (upcoming ones too); of them, those a member leads: their current bids and the credits in those bids. */
  openLots: z.object({
    open: count,
    led: count,
    currentBids: moneyString,
    credits: moneyString,
  }),
  excluded,
});
export type EconomyChartAnswer = z.infer<typeof economyChartAnswer>;
