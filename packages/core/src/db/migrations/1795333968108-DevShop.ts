import type { MigrationInterface, QueryRunner } from "typeorm";

export class DevShop1795333968108 implements MigrationInterface {
  name = "DevShop1795333968108";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"dev_shop_checkouts\" (\"id\" uuid NOT NULL DEFAULT gen_random_uuid(), \"email\" character varying(254), \"lines\" jsonb NOT NULL, \"discount_code\" character varying(64), \"discount_cents\" integer NOT NULL DEFAULT '0', \"status\" character varying(10) NOT NULL DEFAULT 'open', \"order_number\" integer, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"paid_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"uq_dev_shop_checkouts_order\" UNIQUE (\"order_number\"), CONSTRAINT \"ck_dev_shop_checkouts_status\" CHECK (\"status\" IN ('open', 'paid')), CONSTRAINT \"ck_dev_shop_checkouts_discount\" CHECK (\"discount_cents\" >= 0), CONSTRAINT \"PK_4ed6b4395858f341e78e10736bf\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_dev_shop_checkouts_email\" ON \"dev_shop_checkouts\"  (\"email\", \"paid_at\") ");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"public\".\"ix_dev_shop_checkouts_email\"");
    await queryRunner.query("DROP TABLE \"dev_shop_checkouts\"");
  }
}
