import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A watchlist that follows the member, and notices that reach them (issue 29): the lots each
 * member watches (`watched_lots`), their e-mail notices kind by kind (`notice_preferences`), and the
 * devices they allowed Web Push on (`push_subscriptions`, one row per push endpoint).
 */
export class Notices1796500000000 implements MigrationInterface {
  name = "Notices1796500000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(
      `CREATE TABLE "watched_lots" ("user_id" uuid NOT NULL, "lot_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cf9b753246616acd2ee27f80ff6" PRIMARY KEY ("user_id", "lot_id"))`,
    );
    await q(`CREATE INDEX "ix_watched_lots_lot" ON "watched_lots" ("lot_id")`);
    await q(
      `CREATE TABLE "notice_preferences" ("user_id" uuid NOT NULL, "email_outbid" boolean NOT NULL DEFAULT true, "email_closing" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_e48c572a24406c76a8f53cf977a" PRIMARY KEY ("user_id"))`,
    );
    await q(
      `CREATE TABLE "push_subscriptions" ("id" SERIAL NOT NULL, "user_id" uuid NOT NULL, "endpoint" text NOT NULL, "p256dh" character varying(200) NOT NULL, "auth" character varying(100) NOT NULL, "device" character varying(80), "outbid" boolean NOT NULL DEFAULT true, "closing" boolean NOT NULL DEFAULT true, "won" boolean NOT NULL DEFAULT true, "failures" integer NOT NULL DEFAULT '0', "last_sent_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_push_subscriptions_endpoint" UNIQUE ("endpoint"), CONSTRAINT "PK_757fc8f00c34f66832668dc2e53" PRIMARY KEY ("id"))`,
    );
    await q(`CREATE INDEX "ix_push_subscriptions_user" ON "push_subscriptions" ("user_id")`);
    await q(
      `ALTER TABLE "watched_lots" ADD CONSTRAINT "FK_6ea831e22b964a4b97882664545" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q(
      `ALTER TABLE "watched_lots" ADD CONSTRAINT "FK_39aa1bea1290e638d0fd934cd35" FOREIGN KEY ("lot_id") REFERENCES "auction_lots"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q(
      `ALTER TABLE "notice_preferences" ADD CONSTRAINT "FK_e48c572a24406c76a8f53cf977a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q(
      `ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_6771f119f1c06d2ccf38f238664" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
    await queryRunner.query(`DROP TABLE "notice_preferences"`);
    await queryRunner.query(`DROP TABLE "watched_lots"`);
  }
}
