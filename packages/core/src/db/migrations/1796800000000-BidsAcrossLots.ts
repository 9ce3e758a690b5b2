import type { MigrationInterface, QueryRunner } from "typeorm";
import { placeLotBidsFunction } from "../../lots/sql/place-lot-bids.sql";
import { createFunctions } from "../sql-function";

/** `place_lot_bids` before it took a lot per bid (a changed argument list is another function). */
const ONE_LOT = "place_lot_bids(int, uuid[], numeric[], numeric[], boolean[], timestamptz, int, int, numeric)";

/**
 * Group commit across lots (issue 30): `place_lot_bids` takes a lot per bid, so the bids a node
 * queued on many lots go to the database in one call and one commit, the lots' rows locked after
 * the members' in the order of their ids.
 */
export class BidsAcrossLots1796800000000 implements MigrationInterface {
  name = "BidsAcrossLots1796800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION IF EXISTS ${ONE_LOT}`);
    await createFunctions(queryRunner, [placeLotBidsFunction]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION IF EXISTS place_lot_bids(${placeLotBidsFunction.args.replace(/p_\w+ /g, "")})`);
    // The one-lot function comes back from the migration that created it when it runs up again.
  }
}
