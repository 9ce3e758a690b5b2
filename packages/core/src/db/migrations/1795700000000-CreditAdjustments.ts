import type { MigrationInterface, QueryRunner } from "typeorm";

export class CreditAdjustments1795700000000 implements MigrationInterface {
  name = "CreditAdjustments1795700000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"credit_adjustments\" (\"id\" SERIAL NOT NULL, \"user_id\" uuid NOT NULL, \"amount\" integer NOT NULL, \"reason\" character varying(500) NOT NULL, \"note\" character varying(200), \"actor_id\" uuid, \"actor_email\" character varying(254) NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"ck_credit_adjustments_amount\" CHECK (\"amount\" <> 0), CONSTRAINT \"PK_577bdb2762a2adccf5c01bf2d49\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_credit_adjustments_user\" ON \"credit_adjustments\"  (\"user_id\", \"created_at\") ");
    await queryRunner.query("ALTER TABLE \"credit_adjustments\" ADD CONSTRAINT \"FK_716da434b891187f08a71c19c08\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE RESTRICT ON UPDATE NO ACTION");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"credit_adjustments\" DROP CONSTRAINT \"FK_716da434b891187f08a71c19c08\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_credit_adjustments_user\"");
    await queryRunner.query("DROP TABLE \"credit_adjustments\"");
  }
}
