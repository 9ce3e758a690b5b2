import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Retries that never bid twice: the members' idempotency keys (`idempotency_keys`), each with the
 * request it was first used for and, once answered, the answer its retries get again for 24 hours.
 */
export class IdempotencyKeys1796300000000 implements MigrationInterface {
  name = "IdempotencyKeys1796300000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("user_id" uuid NOT NULL, "key" character varying(255) NOT NULL, "route" character varying(255) NOT NULL, "request_hash" character varying(64) NOT NULL, "status" integer, "body" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "answered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_392b1af86f210d98d3f0c764728" PRIMARY KEY ("user_id", "key"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_idempotency_keys_created" ON "idempotency_keys" ("created_at")`);
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ADD CONSTRAINT "FK_4d2181624ba2d61e76a07175198" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
