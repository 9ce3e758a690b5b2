import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What the operator reads: every sign-in (time and address), the address each answer came from,
 * and the pictures uploaded for puzzles and trials.
 */
export class OperatorRecords1795430000100 implements MigrationInterface {
  name = "OperatorRecords1795430000100";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sign_ins" ("id" SERIAL NOT NULL, "user_id" uuid NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "address" character varying(64), CONSTRAINT "PK_sign_ins" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sign_ins_at" ON "sign_ins" ("at") `);
    await queryRunner.query(`CREATE INDEX "ix_sign_ins_user" ON "sign_ins" ("user_id", "at") `);
    await queryRunner.query(
      `ALTER TABLE "sign_ins" ADD CONSTRAINT "FK_c4322fc39fcd812ec976015dab3" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "challenge_images" ("name" character varying(100) NOT NULL, "mime" character varying(40) NOT NULL, "bytes" bytea NOT NULL, "size" integer NOT NULL, "sha256" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_challenge_images" PRIMARY KEY ("name"))`,
    );
    for (const table of ["puzzle_completions", "trial_completions", "puzzle_failed_attempts", "trial_failed_attempts"]) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "address" character varying(64)`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["puzzle_completions", "trial_completions", "puzzle_failed_attempts", "trial_failed_attempts"]) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "address"`);
    }
    await queryRunner.query(`DROP TABLE "challenge_images"`);
    await queryRunner.query(`DROP TABLE "sign_ins"`);
  }
}
