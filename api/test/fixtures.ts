import { AppError, type Runtime } from "@bm/core";
import type { AuctionDay } from "@bm/shared";
import { grant, uniqueEmail } from "./helpers";

// The ledger grant lives beside signedIn in helpers.ts (which grants a new member credits); its
// importers here keep finding it.
export { grant };

let lotNumber = 1000;

/** A lot row, open by default (opened a minute ago, closing in an hour). */
export async function createLot(
  runtime: Runtime,
  options: { opensAt?: Date; closesAt?: Date; reserve?: string; day?: AuctionDay; title?: string } = {},
): Promise<{ id: number; lotNumber: number }> {
  const now = runtime.clock.now().getTime();
  lotNumber += 1;
  const [row] = await runtime.db.dataSource.query(
    `INSERT INTO auction_lots (lot_number, day, title, description, image_url, image_urls, reserve_price, opens_at, closes_at)
     VALUES ($1, $2, $3, 'A test lot', '/art/lots/key.svg', ARRAY['/art/lots/key.svg'], $4, $5, $6) RETURNING id, lot_number`,
    [
      lotNumber,
      options.day ?? "Friday",
      options.title ?? `Test lot ${lotNumber}`,
      options.reserve ?? "5.00",
      options.opensAt ?? new Date(now - 60_000),
      options.closesAt ?? new Date(now + 3600_000),
    ],
  );
  return { id: row.id, lotNumber: row.lot_number };
}

/** A legacy auction, active by default. */
export async function createAuction(
  runtime: Runtime,
  options: { startTime?: Date; endTime?: Date; startingBid?: string; shopifyProductId?: string | null } = {},
): Promise<number> {
  const now = runtime.clock.now().getTime();
  const [row] = await runtime.db.dataSource.query(
    `INSERT INTO auctions (title, description, starting_bid, current_bid, start_time, end_time, is_active, shopify_product_id)
     VALUES ('Test auction', 'A test auction', $1, $1, $2, $3, true, $4) RETURNING id`,
    [
      options.startingBid ?? "10.00",
      options.startTime ?? new Date(now - 60_000),
      options.endTime ?? new Date(now + 3600_000),
      options.shopifyProductId === undefined ? "1001" : options.shopifyProductId,
    ],
  );
  return row.id;
}

/** A member row (no session), with `credits` granted through the ledger. */
export async function createMember(runtime: Runtime, credits = 0): Promise<string> {
  const [row] = await runtime.db.dataSource.query(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [
    uniqueEmail(),
  ]);
  if (!row) throw new Error("no member inserted");
  if (credits > 0) await grant(runtime, row.id, credits * 100);
  return row.id;
}

/** How a service call was refused: its status, code and message (null when it succeeded). */
export async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}
