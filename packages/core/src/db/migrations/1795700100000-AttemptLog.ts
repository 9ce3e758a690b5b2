import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The attempt log (every answer and what became of it) and accepted answer variants of puzzles and
 * trials. The log starts with what the game already recorded: each completion as `right` (its
 * typed answer was not kept then) and each failed attempt as `wrong`, at their own times.
 */
export class AttemptLog1795700100000 implements MigrationInterface {
  name = "AttemptLog1795700100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"challenge_attempts\" (\"id\" SERIAL NOT NULL, \"user_id\" uuid NOT NULL, \"challenge_type\" character varying(10) NOT NULL, \"challenge_id\" integer NOT NULL, \"verdict\" character varying(24) NOT NULL, \"answer\" text, \"address\" character varying(64), \"at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"regrade_of\" integer, CONSTRAINT \"ck_challenge_attempts_type\" CHECK (\"challenge_type\" IN ('puzzle', 'trial')), CONSTRAINT \"PK_ec04be45a63caa94d1d3d0d681e\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_challenge_attempts_at\" ON \"challenge_attempts\"  (\"at\") ");
    await queryRunner.query("CREATE INDEX \"ix_challenge_attempts_challenge\" ON \"challenge_attempts\"  (\"challenge_type\", \"challenge_id\", \"at\") ");
    await queryRunner.query("CREATE INDEX \"ix_challenge_attempts_user\" ON \"challenge_attempts\"  (\"user_id\", \"at\") ");
    await queryRunner.query("ALTER TABLE \"puzzles\" ADD \"answer_variants\" text array NOT NULL DEFAULT '{}'");
    await queryRunner.query("ALTER TABLE \"trials\" ADD \"answer_variants\" text array NOT NULL DEFAULT '{}'");
    await queryRunner.query("ALTER TABLE \"challenge_attempts\" ADD CONSTRAINT \"FK_45849071a1234911fc48e212380\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    for (const [type, table] of [
      ["puzzle", "puzzle"],
      ["trial", "trial"],
    ]) {
      await queryRunner.query(
        `INSERT INTO challenge_attempts (user_id, challenge_type, challenge_id, verdict, answer, address, at)
         SELECT user_id, '${type}', ${table}_id, 'right', NULL, address, completed_at FROM ${table}_completions
         UNION ALL
         SELECT user_id, '${type}', ${table}_id, 'wrong', NULLIF(attempted_answer, ''), address, attempted_at
           FROM ${table}_failed_attempts
         ORDER BY 7`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"challenge_attempts\" DROP CONSTRAINT \"FK_45849071a1234911fc48e212380\"");
    await queryRunner.query("ALTER TABLE \"trials\" DROP COLUMN \"answer_variants\"");
    await queryRunner.query("ALTER TABLE \"puzzles\" DROP COLUMN \"answer_variants\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_challenge_attempts_user\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_challenge_attempts_challenge\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_challenge_attempts_at\"");
    await queryRunner.query("DROP TABLE \"challenge_attempts\"");
  }
}
