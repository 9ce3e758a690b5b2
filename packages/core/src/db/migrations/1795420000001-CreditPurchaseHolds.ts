import type { MigrationInterface, QueryRunner } from "typeorm";

/** A catalogue credit purchase holds its credits while its discounted checkout is open. */
export class CreditPurchaseHolds1795420000001 implements MigrationInterface {
  name = "CreditPurchaseHolds1795420000001";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"credit_purchases\" ADD \"status\" character varying(16) NOT NULL DEFAULT 'held'");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" ADD \"shop_checkout_id\" character varying(255)");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" ADD \"expires_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" ADD \"released_at\" TIMESTAMP WITH TIME ZONE");
    // Rows from before holds existed were settled by hand: none of them holds credits.
    await queryRunner.query("UPDATE \"credit_purchases\" SET \"status\" = CASE WHEN \"claimed_at\" IS NULL THEN 'released' ELSE 'paid' END");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" ADD CONSTRAINT \"uq_credit_purchases_checkout\" UNIQUE (\"shop_checkout_id\")");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" ADD CONSTRAINT \"ck_credit_purchases_status\" CHECK (\"status\" IN ('held', 'paid', 'released'))");
    await queryRunner.query("CREATE INDEX \"ix_credit_purchases_held\" ON \"credit_purchases\" (\"user_id\") WHERE \"status\" = 'held'");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"ix_credit_purchases_held\"");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" DROP CONSTRAINT \"ck_credit_purchases_status\"");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" DROP CONSTRAINT \"uq_credit_purchases_checkout\"");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" DROP COLUMN \"released_at\"");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" DROP COLUMN \"expires_at\"");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" DROP COLUMN \"shop_checkout_id\"");
    await queryRunner.query("ALTER TABLE \"credit_purchases\" DROP COLUMN \"status\"");
  }
}
