import type { MigrationInterface, QueryRunner } from "typeorm";
import { sqlFunctions } from "../functions";
import { createFunctions } from "../sql-function";

/**
 * Every function of the database replaced by its current source (`db/functions.ts`): the lot's
 * and the auction's bids now share the text they share (`bids/sql/bid-fragments.ts`), so a
 * database migrated before runs the same rules in a different text. Same rules, same signatures.
 */
export class FunctionsFromSource1796100000000 implements MigrationInterface {
  name = "FunctionsFromSource1796100000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createFunctions(queryRunner, sqlFunctions);
  }

  public async down(): Promise<void> {
    // Nothing to undo: the functions keep their names, signatures and rules.
  }
}
