import type { Database } from "@bm/core";

type DataSource = Database["dataSource"];

/** The columns of a lot that closing and claims change. */
export interface LotRow {
  id: number;
  lot_number: number;
  is_closed: boolean;
  closes_at: Date;
  closed_at: Date | null;
  winner_id: string | null;
  winner_credits_used: string;
  current_bid: string;
  claim_deadline: Date | null;
  claim_status: string;
  shopify_cart_url: string | null;
  shopify_discount_code: string | null;
  bid_count: number;
  version: number;
}

export async function lotRows(db: DataSource, ids: number[]): Promise<LotRow[]> {
  return db.query(
    `SELECT id, lot_number, is_closed, closes_at, closed_at, winner_id, winner_credits_used::text, current_bid::text,
       claim_deadline, claim_status, shopify_cart_url, shopify_discount_code, bid_count, version
     FROM auction_lots WHERE id = ANY($1) ORDER BY id`,
    [ids],
  );
}

export async function closedCount(db: DataSource, ids: number[]): Promise<number> {
  const [row] = await db.query(
    `SELECT count(*) FILTER (WHERE is_closed)::int AS n FROM auction_lots WHERE id = ANY($1)`,
    [ids],
  );
  return row.n;
}

/** Every lot closed, and each winner's claim prepared (cart link stored, e-mail marked sent). */
export async function allSettled(db: DataSource, ids: number[]): Promise<boolean> {
  const [row] = await db.query(
    `SELECT count(*) FILTER (WHERE NOT l.is_closed)::int AS open,
            count(*) FILTER (WHERE l.winner_id IS NOT NULL
              AND (l.shopify_cart_url IS NULL OR NOT COALESCE(n.email_sent, false)))::int AS unprepared
     FROM auction_lots l
     LEFT JOIN lot_notifications n ON n.lot_id = l.id AND n.user_id = l.winner_id AND n.notification_type = 'won'
     WHERE l.id = ANY($1)`,
    [ids],
  );
  return row.open === 0 && row.unprepared === 0;
}

/**
 * Holds an ACCESS EXCLUSIVE lock on `table` while `during` runs: any process that reads the table
 * stops there until released. A test uses it to stop a process at a known point and kill it there.
 */
export async function whileTableLocked<T>(db: DataSource, table: string, during: () => Promise<T>): Promise<T> {
  const runner = db.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  try {
    await runner.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return await during();
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}
