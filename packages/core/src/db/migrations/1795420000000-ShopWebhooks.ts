import type { MigrationInterface, QueryRunner } from "typeorm";

/** Shop webhooks received once (unique webhook id and event id), processed by a job. */
export class ShopWebhooks1795420000000 implements MigrationInterface {
  name = "ShopWebhooks1795420000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shop_webhooks" ("id" SERIAL NOT NULL, "webhook_id" character varying(255) NOT NULL, "event_id" character varying(255), "topic" character varying(64) NOT NULL, "shop_domain" character varying(255) NOT NULL, "body" text NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "processed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "uq_shop_webhooks_webhook" UNIQUE ("webhook_id"), CONSTRAINT "uq_shop_webhooks_event" UNIQUE ("event_id"), CONSTRAINT "PK_shop_webhooks" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "shop_webhooks"`);
  }
}
