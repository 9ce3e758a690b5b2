import type { MigrationInterface, QueryRunner } from "typeorm";
import { committedCreditsFunction } from "../../credits/sql/committed-credits.sql";
import { memberSuspendedFunction } from "../../suspensions/sql/member-suspended.sql";
import { createFunctions } from "../sql-function";

/**
 * `committed_credits` and `member_suspended` rewritten in PL/pgSQL (same rules), so that their
 * statements are planned once per connection instead of at every call: their modules say why.
 * On a database created since, 1795800000000 already made them from the same source.
 */
export class RulesPlannedOnce1796000000000 implements MigrationInterface {
  name = "RulesPlannedOnce1796000000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createFunctions(queryRunner, [memberSuspendedFunction, committedCreditsFunction]);
  }

  public async down(): Promise<void> {
    // A function has one source, its current one: there is no earlier text to go back to, and the
    // functions 1795800000000 created are still what the schema before this one needs.
  }
}
