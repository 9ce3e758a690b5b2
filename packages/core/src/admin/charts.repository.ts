import type { DataSource } from "typeorm";
import type { CommitmentRepository } from "../credits/commitments.repository";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import { MEMBER } from "./analytics.repository";

/** The zone of the charts' days (CHARTS_TIME_ZONE), written into the statements. */
const NY = `'America/New_York'`;

export interface ChartDay {
  date: string;
  count: number;
}
export interface ChartHour {
  start: Date;
  utc: string;
  newYork: string;
  count: number;
  voided: number;
}
export interface KindSums {
  kind: string;
  /** numeric text, dollars. */
  issued: string;
  spent: string;
}
export interface CreditDay {
  date: string;
  issued: string;
  spent: string;
  issuedToDate: string;
  spentToDate: string;
  outstanding: string;
}
export interface OpenLotSums {
  open: number;
  led: number;
  currentBids: string;
  credits: string;
}

/**
 * The operator's charts, read only. Like the analytics (`MEMBER`), every figure leaves out the
 * accounts in `$1` (staff and admins) and any flagged admin. Day series are New York days,
 * zero-filled from the first day with data (at most `maxDays` back) to today.
 */
export class ChartsRepository extends Repository {
  constructor(
    db: DataSource,
    private readonly commitments: CommitmentRepository,
  ) {
    super(db);
  }

  /** New members per New York day, zero-filled up to the day of `now`. */
  signUpsPerDay(excluded: string[], now: Date, maxDays: number, tx?: Tx): Promise<ChartDay[]> {
    return this.rows<ChartDay>(
      `WITH counts AS (
         SELECT (u.created_at AT TIME ZONE ${NY})::date AS day, count(*)::int AS n FROM users u WHERE ${MEMBER} GROUP BY 1
       ), span AS (
         SELECT min(day) AS first, greatest(max(day), ($2::timestamptz AT TIME ZONE ${NY})::date) AS last FROM counts
       )
       SELECT d::date::text AS date, COALESCE(c.n, 0)::int AS count
         FROM span CROSS JOIN generate_series(greatest(span.first, span.last - ($3::int - 1)), span.last, interval '1 day') AS d
         LEFT JOIN counts c ON c.day = d::date
        ORDER BY d`,
      [excluded, now, maxDays],
      tx,
    );
  }

  /** The first lot's opening and the last lot's close (null with no lots). */
  async auctionSpan(tx?: Tx): Promise<{ first: Date; last: Date } | null> {
    const row = await this.first<{ first: Date | null; last: Date | null }>(
      `SELECT min(opens_at) AS first, max(closes_at) AS last FROM auction_lots`,
      [],
      tx,
    );
    return row?.first && row.last ? { first: row.first, last: row.last } : null;
  }

  /**
   * Lot bids placed per UTC hour in [from, to), every hour of the span present, labelled in UTC and
   * New York; how many of them the House has voided since.
   */
  bidsPerHour(excluded: string[], from: Date, to: Date, tx?: Tx): Promise<ChartHour[]> {
    return this.rows<ChartHour>(
      `WITH counts AS (
         SELECT date_trunc('hour', b.created_at, 'UTC') AS h, count(*)::int AS n,
                count(*) FILTER (WHERE b.voided_at IS NOT NULL)::int AS voided
           FROM bids b JOIN users u ON u.id = b.user_id
          WHERE ${MEMBER} AND b.created_at >= $2 AND b.created_at < $3 GROUP BY 1
       )
       SELECT s.h AS start, to_char(s.h AT TIME ZONE 'UTC', 'Dy HH24:MI') AS utc,
              to_char(s.h AT TIME ZONE ${NY}, 'Dy HH24:MI') AS "newYork", COALESCE(c.n, 0)::int AS count,
              COALESCE(c.voided, 0)::int AS voided
         FROM generate_series(date_trunc('hour', $2::timestamptz, 'UTC'), $3::timestamptz - interval '1 microsecond',
                              interval '1 hour') AS s(h)
         LEFT JOIN counts c ON c.h = s.h
        ORDER BY s.h`,
      [excluded, from, to],
      tx,
    );
  }

  /** Credits given (positive rows) and taken (negative rows, as positive sums) per ledger kind. */
  creditsByKind(excluded: string[], tx?: Tx): Promise<KindSums[]> {
    return this.rows<KindSums>(
      `SELECT l.kind, COALESCE(sum(l.amount) FILTER (WHERE l.amount > 0), 0)::text AS issued,
              COALESCE(-sum(l.amount) FILTER (WHERE l.amount < 0), 0)::text AS spent
         FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE ${MEMBER} GROUP BY l.kind`,
      [excluded],
      tx,
    );
  }

  /** Per New York day up to the day of `now`: credits given and taken, and the running totals at its end. */
  creditsPerDay(excluded: string[], now: Date, maxDays: number, tx?: Tx): Promise<CreditDay[]> {
    // The running totals run over every day since the first row; only the last `maxDays` are answered.
    return this.rows<CreditDay>(
      `WITH daily AS (
         SELECT (l.created_at AT TIME ZONE ${NY})::date AS day,
                COALESCE(sum(l.amount) FILTER (WHERE l.amount > 0), 0) AS issued,
                COALESCE(-sum(l.amount) FILTER (WHERE l.amount < 0), 0) AS spent
           FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE ${MEMBER} GROUP BY 1
       ), span AS (
         SELECT min(day) AS first, greatest(max(day), ($2::timestamptz AT TIME ZONE ${NY})::date) AS last FROM daily
       ), series AS (
         SELECT d::date AS day, COALESCE(x.issued, 0) AS issued, COALESCE(x.spent, 0) AS spent,
                sum(COALESCE(x.issued, 0)) OVER w AS issued_to_date, sum(COALESCE(x.spent, 0)) OVER w AS spent_to_date
           FROM span CROSS JOIN generate_series(span.first, span.last, interval '1 day') AS d
           LEFT JOIN daily x ON x.day = d::date
         WINDOW w AS (ORDER BY d)
       )
       SELECT s.day::text AS date, s.issued::text AS issued, s.spent::text AS spent,
              s.issued_to_date::text AS "issuedToDate", s.spent_to_date::text AS "spentToDate",
              (s.issued_to_date - s.spent_to_date)::text AS outstanding
         FROM series s CROSS JOIN span WHERE s.day > span.last - $3::int ORDER BY s.day`,
      [excluded, now, maxDays],
      tx,
    );
  }

  /** The members' balances summed (numeric text). */
  async outstanding(excluded: string[], tx?: Tx): Promise<string> {
    const row = await this.first<{ sum: string }>(
      `SELECT COALESCE(sum(u.mpc_balance), 0)::text AS sum FROM users u WHERE ${MEMBER}`,
      [excluded],
      tx,
    );
    return row?.sum ?? "0";
  }

  /**
   * Each member holding committed credits at `at`: balance and committed (numeric text), committed
   * by the commitment repository's own rule (the one every bid checks).
   */
  committedMembers(excluded: string[], at: Date, tx?: Tx): Promise<{ balance: string; committed: string }[]> {
    return this.rows(
      `SELECT u.mpc_balance::text AS balance, c.committed::text AS committed
         FROM users u CROSS JOIN LATERAL (SELECT ${this.commitments.committedOfRowSql("u")} AS committed) c
        WHERE ${MEMBER} AND c.committed > 0`,
      [excluded, at],
      tx,
    );
  }

  /**
   * Lots not closed yet (whose leaders' credits the commitment rule counts as committed), and of
   * them the ones a member leads: their current bids and the credits in those bids.
   */
  async openLots(excluded: string[], tx?: Tx): Promise<OpenLotSums> {
    const led = `u.id IS NOT NULL AND ${MEMBER}`;
    const row = await this.first<OpenLotSums>(
      `SELECT count(*)::int AS open, count(*) FILTER (WHERE ${led})::int AS led,
              COALESCE(sum(l.current_bid) FILTER (WHERE ${led}), 0)::text AS "currentBids",
              COALESCE(sum(l.leader_credits_held) FILTER (WHERE ${led}), 0)::text AS credits
         FROM auction_lots l LEFT JOIN users u ON u.id = l.leader_id WHERE NOT l.is_closed`,
      [excluded],
      tx,
    );
    return row ?? { open: 0, led: 0, currentBids: "0", credits: "0" };
  }
}
