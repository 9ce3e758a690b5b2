import type { MigrationInterface, QueryRunner } from "typeorm";
import { auctionStatusFunction } from "../../auctions/sql/auction-status.sql";
import { placeAuctionBidFunction } from "../../auctions/sql/place-auction-bid.sql";
import { placeAuctionBidsFunction } from "../../auctions/sql/place-auction-bids.sql";
import { createFunctions, dropFunctions } from "../sql-function";

/**
 * The legacy auction's bid decided in one round trip, in the shape of the lot's (1795800000000):
 * `auction_bidders` (each member's label on an auction, the rank of their first bid, filled here
 * from the bids so far), then `auction_status`, `place_auction_bid` and `place_auction_bids`, each
 * created from its current source in `auctions/sql/`.
 */
export class AuctionBidInOneCall1795900000000 implements MigrationInterface {
  name = "AuctionBidInOneCall1795900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"auction_bidders\" (\"auction_id\" integer NOT NULL, \"user_id\" uuid NOT NULL, \"rank\" integer NOT NULL, CONSTRAINT \"uq_auction_bidders_rank\" UNIQUE (\"auction_id\", \"rank\"), CONSTRAINT \"ck_auction_bidders_rank\" CHECK (\"rank\" > 0), CONSTRAINT \"PK_da8105aa33862bd04645b135df1\" PRIMARY KEY (\"auction_id\", \"user_id\"))");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" ADD CONSTRAINT \"FK_e752f854da6f7d896f88e10fd6c\" FOREIGN KEY (\"auction_id\") REFERENCES \"auctions\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" ADD CONSTRAINT \"FK_bd771fa48816ba871bf9b875728\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query(
      "INSERT INTO \"auction_bidders\" (\"auction_id\", \"user_id\", \"rank\") SELECT \"auction_id\", \"user_id\", ROW_NUMBER() OVER (PARTITION BY \"auction_id\" ORDER BY MIN(\"id\")) FROM \"auction_bids\" GROUP BY \"auction_id\", \"user_id\"",
    );
    await createFunctions(queryRunner, [auctionStatusFunction, placeAuctionBidFunction, placeAuctionBidsFunction]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropFunctions(queryRunner, [placeAuctionBidsFunction, placeAuctionBidFunction, auctionStatusFunction]);
    await queryRunner.query("ALTER TABLE \"auction_bidders\" DROP CONSTRAINT \"FK_bd771fa48816ba871bf9b875728\"");
    await queryRunner.query("ALTER TABLE \"auction_bidders\" DROP CONSTRAINT \"FK_e752f854da6f7d896f88e10fd6c\"");
    await queryRunner.query("DROP TABLE \"auction_bidders\"");
  }
}
