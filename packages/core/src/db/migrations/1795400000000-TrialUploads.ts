import type { MigrationInterface, QueryRunner } from "typeorm";

/** The special trials' uploads (the oath's recording, the covenant's signature), in Postgres. */
export class TrialUploads1795400000000 implements MigrationInterface {
  name = "TrialUploads1795400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "trial_uploads" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "trial_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "mime" character varying(100) NOT NULL, "bytes" bytea NOT NULL, "size" integer NOT NULL, "sha256" character varying(64) NOT NULL, "caption" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_trial_uploads_user_trial_kind" UNIQUE ("user_id", "trial_id", "kind"), CONSTRAINT "CHK_trial_uploads_kind" CHECK ("kind" IN ('oath_audio', 'signature')), CONSTRAINT "PK_trial_uploads" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "trial_uploads" ADD CONSTRAINT "FK_79948c097397d8f89e06cf90497" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trial_uploads" ADD CONSTRAINT "FK_92c64d05bed3ca2734ef21867bf" FOREIGN KEY ("trial_id") REFERENCES "trials"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "trial_uploads"`);
  }
}
