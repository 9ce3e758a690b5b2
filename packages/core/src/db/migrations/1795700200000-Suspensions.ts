import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Suspensions (issue 17): every one kept, in force while neither lifted nor past its end; read by
 * member, newest first.
 */
export class Suspensions1795700200000 implements MigrationInterface {
  name = "Suspensions1795700200000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"suspensions\" (\"id\" SERIAL NOT NULL, \"user_id\" uuid NOT NULL, \"reason\" text NOT NULL, \"starts_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"until\" TIMESTAMP WITH TIME ZONE, \"void_leading_bids\" boolean NOT NULL DEFAULT false, \"created_by\" uuid, \"lifted_at\" TIMESTAMP WITH TIME ZONE, \"lifted_by\" uuid, \"lift_reason\" text, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"ck_suspensions_until_after_start\" CHECK (\"until\" IS NULL OR \"until\" > \"starts_at\"), CONSTRAINT \"PK_c3df8984cf2c9a5726c11644474\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_suspensions_user\" ON \"suspensions\"  (\"user_id\", \"starts_at\") ");
    await queryRunner.query("ALTER TABLE \"suspensions\" ADD CONSTRAINT \"FK_36215c5979c97e95daa61224bb5\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"suspensions\" DROP CONSTRAINT \"FK_36215c5979c97e95daa61224bb5\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_suspensions_user\"");
    await queryRunner.query("DROP TABLE \"suspensions\"");
  }
}
