import type { MigrationInterface, QueryRunner } from "typeorm";
import { committedCreditsFunction } from "../../credits/sql/committed-credits.sql";
import { lotStateFunction } from "../../lots/sql/lot-state.sql";
import { placeLotBidFunction } from "../../lots/sql/place-lot-bid.sql";
import { memberSuspendedFunction } from "../../suspensions/sql/member-suspended.sql";
import { createFunctions, dropFunctions } from "../sql-function";

/**
 * The bid decided in one round trip (DESIGN.md section 4): the rules the database applies, as
 * functions every statement calls rather than SQL text assembled per query: `lot_state`,
 * `member_suspended`, `committed_credits` and `place_lot_bid`, each created from its current
 * source in its domain's `sql/` folder (`db/sql-function.ts` says how one changes).
 */
export class BidInOneCall1795800000000 implements MigrationInterface {
  name = "BidInOneCall1795800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createFunctions(queryRunner, [
      lotStateFunction,
      memberSuspendedFunction,
      committedCreditsFunction,
      placeLotBidFunction,
    ]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropFunctions(queryRunner, [
      placeLotBidFunction,
      committedCreditsFunction,
      memberSuspendedFunction,
      lotStateFunction,
    ]);
  }
}
