import type { MigrationInterface, QueryRunner } from "typeorm";

export class ClaimCheckouts1795393985929 implements MigrationInterface {
  name = "ClaimCheckouts1795393985929";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"dev_shop_subscribers\" (\"email\" character varying(254) NOT NULL, \"subscribed_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"pk_dev_shop_subscribers\" PRIMARY KEY (\"email\"))");
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD \"shop_checkout_id\" character varying(255)");
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD CONSTRAINT \"uq_auction_lots_checkout\" UNIQUE (\"shop_checkout_id\")");
    // Claims prepared before the column existed: their checkout id is the dev shop's, the last part of its URL.
    await queryRunner.query("UPDATE \"auction_lots\" SET \"shop_checkout_id\" = substring(\"shopify_cart_url\" from '([0-9a-f-]{36})$') WHERE \"shopify_cart_url\" IS NOT NULL");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP CONSTRAINT \"uq_auction_lots_checkout\"");
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP COLUMN \"shop_checkout_id\"");
    await queryRunner.query("DROP TABLE \"dev_shop_subscribers\"");
  }
}
