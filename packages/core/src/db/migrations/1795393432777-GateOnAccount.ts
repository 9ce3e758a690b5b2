import type { MigrationInterface, QueryRunner } from "typeorm";

export class GateOnAccount1795393432777 implements MigrationInterface {
  name = "GateOnAccount1795393432777";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"users\" ADD \"gate_passed_at\" TIMESTAMP WITH TIME ZONE");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"users\" DROP COLUMN \"gate_passed_at\"");
  }
}
