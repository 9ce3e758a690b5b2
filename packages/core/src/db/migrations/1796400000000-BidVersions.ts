import type { MigrationInterface, QueryRunner } from "typeorm";
import { placeLotBidFunction } from "../../lots/sql/place-lot-bid.sql";
import { createFunctions } from "../sql-function";

/**
 * A phone that drops and comes back: every bid row keeps the lot's version it came with, and a
 * void the version it came with, so a watcher that reconnects is sent what changed after the
 * version it last saw (`lot:watch` with `since`). `place_lot_bid` records it.
 */
export class BidVersions1796400000000 implements MigrationInterface {
  name = "BidVersions1796400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bids" ADD "lot_version" integer`);
    await queryRunner.query(`ALTER TABLE "bids" ADD "voided_version" integer`);
    await queryRunner.query(`CREATE INDEX "ix_bids_lot_version" ON "bids" ("lot_id", "lot_version")`);
    await createFunctions(queryRunner, [placeLotBidFunction]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_bids_lot_version"`);
    await queryRunner.query(`ALTER TABLE "bids" DROP COLUMN "voided_version"`);
    await queryRunner.query(`ALTER TABLE "bids" DROP COLUMN "lot_version"`);
  }
}
