import type { MigrationInterface, QueryRunner } from "typeorm";
import { placeLotBidsFunction } from "../../lots/sql/place-lot-bids.sql";
import { createFunctions, dropFunctions } from "../sql-function";

/**
 * Bids on one lot decided several in one call (group commit): `place_lot_bids`, from its current
 * source (`lots/sql/place-lot-bids.sql.ts`), runs `place_lot_bid` for each queued bid in arrival
 * order inside one transaction, the members' rows locked first in id order.
 */
export class BidsInBatches1795800500000 implements MigrationInterface {
  name = "BidsInBatches1795800500000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createFunctions(queryRunner, [placeLotBidsFunction]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropFunctions(queryRunner, [placeLotBidsFunction]);
  }
}
