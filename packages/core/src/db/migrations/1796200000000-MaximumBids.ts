import type { MigrationInterface, QueryRunner } from "typeorm";
import { committedCreditsFunction } from "../../credits/sql/committed-credits.sql";
import { bidIncrementFunction } from "../../lots/sql/bid-increment.sql";
import { lotMinimumBidFunction } from "../../lots/sql/lot-minimum-bid.sql";
import { placeLotBidFunction } from "../../lots/sql/place-lot-bid.sql";
import { placeLotBidsFunction } from "../../lots/sql/place-lot-bids.sql";
import { createFunctions } from "../sql-function";

/** The bid functions' signatures before maximum bids (a changed argument list is another function). */
const BEFORE = [
  "place_lot_bids(int, uuid[], numeric[], numeric[], timestamptz, int, int, numeric, numeric)",
  "place_lot_bid(uuid, int, numeric, numeric, timestamptz, int, int, numeric, numeric)",
];

/**
 * Maximum bids (DESIGN.md section 4): a member's maximum per lot (`lot_maxima`), the bids the House
 * places on one (`bids.by_house`), the credits a lead pledges beside those it uses
 * (`leader_credits_held`, what committed credits count), the House's ladder of increments
 * (`bid_increments`, $1 from $0 as the spec says) and the next minimum kept on the lot's row from
 * it (`minimum_bid`, by the trigger `auction_lots_minimum_bid`). `place_lot_bid(s)` take whether a
 * bid is a maximum.
 */
export class MaximumBids1796200000000 implements MigrationInterface {
  name = "MaximumBids1796200000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    for (const signature of BEFORE) await q(`DROP FUNCTION IF EXISTS ${signature}`);
    await q(
      `CREATE TABLE "lot_maxima" ("lot_id" integer NOT NULL, "user_id" uuid NOT NULL, "amount" numeric(10,2) NOT NULL, "credits" numeric(10,2) NOT NULL DEFAULT '0', "placed_bid_id" integer, "placed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "ck_lot_maxima_amounts" CHECK ("amount" > 0 AND "credits" >= 0 AND "credits" <= "amount"), CONSTRAINT "PK_58d9bc2b402c9692576d34c4a50" PRIMARY KEY ("lot_id", "user_id"))`,
    );
    await q(`CREATE INDEX "ix_lot_maxima_user" ON "lot_maxima" ("user_id")`);
    await q(
      `ALTER TABLE "lot_maxima" ADD CONSTRAINT "FK_26e31a27377b236bcbbb6aceded" FOREIGN KEY ("lot_id") REFERENCES "auction_lots"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q(
      `ALTER TABLE "lot_maxima" ADD CONSTRAINT "FK_95633fb79b69fbd86c1bf3ef9f1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q(
      `CREATE TABLE "bid_increments" ("from_amount" numeric(10,2) NOT NULL, "increment" numeric(10,2) NOT NULL, CONSTRAINT "ck_bid_increments_step" CHECK ("from_amount" >= 0 AND "increment" > 0), CONSTRAINT "PK_73da4380be942fa446a56580ac3" PRIMARY KEY ("from_amount"))`,
    );
    await q(`INSERT INTO "bid_increments" ("from_amount", "increment") VALUES (0, 1)`);
    await q(`ALTER TABLE "bids" ADD "by_house" boolean NOT NULL DEFAULT false`);
    await q(`ALTER TABLE "auction_lots" ADD "leader_credits_held" numeric(10,2) NOT NULL DEFAULT '0'`);
    await q(`ALTER TABLE "auction_lots" ADD "minimum_bid" numeric(12,2) NOT NULL DEFAULT '0'`);
    await q(`UPDATE "auction_lots" SET "leader_credits_held" = "leader_credits_used"`);
    await q(`ALTER TABLE "auction_lots" DROP CONSTRAINT "ck_auction_lots_money"`);
    await q(
      `ALTER TABLE "auction_lots" ADD CONSTRAINT "ck_auction_lots_money" CHECK ("current_bid" >= 0 AND "reserve_price" >= 0 AND "leader_credits_used" >= 0 AND "winner_credits_used" >= 0 AND "leader_credits_used" <= "current_bid" AND "leader_credits_used" <= "leader_credits_held")`,
    );
    await createFunctions(queryRunner, [
      bidIncrementFunction,
      lotMinimumBidFunction,
      committedCreditsFunction,
      placeLotBidFunction,
      placeLotBidsFunction,
    ]);
    await q(
      `CREATE TRIGGER auction_lots_minimum_bid BEFORE INSERT OR UPDATE OF current_bid, bid_count, reserve_price
       ON "auction_lots" FOR EACH ROW EXECUTE FUNCTION auction_lots_minimum_bid()`,
    );
    // Every lot's minimum from the ladder (the trigger runs on this update).
    await q(`UPDATE "auction_lots" SET "current_bid" = "current_bid"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`DROP TRIGGER auction_lots_minimum_bid ON "auction_lots"`);
    await q(`DROP FUNCTION IF EXISTS auction_lots_minimum_bid()`);
    await q(`DROP FUNCTION IF EXISTS place_lot_bids(${placeLotBidsFunction.args.replace(/p_\w+ /g, "")})`);
    await q(`DROP FUNCTION IF EXISTS place_lot_bid(${placeLotBidFunction.args.replace(/p_\w+ /g, "")})`);
    await q(`ALTER TABLE "auction_lots" DROP CONSTRAINT "ck_auction_lots_money"`);
    await q(
      `ALTER TABLE "auction_lots" ADD CONSTRAINT "ck_auction_lots_money" CHECK ("current_bid" >= 0 AND "reserve_price" >= 0 AND "leader_credits_used" >= 0 AND "winner_credits_used" >= 0 AND "leader_credits_used" <= "current_bid")`,
    );
    await q(`ALTER TABLE "auction_lots" DROP COLUMN "minimum_bid"`);
    await q(`ALTER TABLE "auction_lots" DROP COLUMN "leader_credits_held"`);
    await q(`ALTER TABLE "bids" DROP COLUMN "by_house"`);
    await q(`DROP TABLE "bid_increments"`);
    await q(`DROP TABLE "lot_maxima"`);
    await q(`DROP FUNCTION IF EXISTS bid_increment(numeric)`);
    // The earlier bid functions come back from the migration that created them when it runs up again.
  }
}
