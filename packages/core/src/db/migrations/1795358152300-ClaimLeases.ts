import type { MigrationInterface, QueryRunner } from "typeorm";

export class ClaimLeases1795358152300 implements MigrationInterface {
  name = "ClaimLeases1795358152300";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD \"close_announced\" boolean NOT NULL DEFAULT false");
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD \"claim_lease_until\" TIMESTAMP WITH TIME ZONE");
    // Lots closed before this column existed were announced when they closed.
    await queryRunner.query("UPDATE \"auction_lots\" SET \"close_announced\" = true WHERE \"is_closed\"");
    await queryRunner.query("ALTER TABLE \"dev_shop_checkouts\" DROP CONSTRAINT \"ck_dev_shop_checkouts_status\"");
    await queryRunner.query("ALTER TABLE \"dev_shop_checkouts\" ADD CONSTRAINT \"ck_dev_shop_checkouts_status\" CHECK (\"status\" IN ('open', 'paid', 'cancelled'))");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"dev_shop_checkouts\" DROP CONSTRAINT \"ck_dev_shop_checkouts_status\"");
    await queryRunner.query("ALTER TABLE \"dev_shop_checkouts\" ADD CONSTRAINT \"ck_dev_shop_checkouts_status\" CHECK (\"status\" IN ('open', 'paid'))");
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP COLUMN \"claim_lease_until\"");
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP COLUMN \"close_announced\"");
  }
}
