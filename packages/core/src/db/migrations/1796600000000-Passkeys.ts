import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Passkeys beside the e-mailed code (issue 31): each member's WebAuthn credentials (`passkeys`),
 * the ceremonies' single-use challenges (`passkey_challenges`, five minutes), and each member's
 * answer to the offer of one (`passkey_offers`: not now until a time, or never).
 */
export class Passkeys1796600000000 implements MigrationInterface {
  name = "Passkeys1796600000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"passkeys\" (\"id\" uuid NOT NULL DEFAULT gen_random_uuid(), \"user_id\" uuid NOT NULL, \"credential_id\" character varying(1400) NOT NULL, \"public_key\" bytea NOT NULL, \"counter\" bigint NOT NULL DEFAULT '0', \"transports\" text array, \"device_type\" character varying(16) NOT NULL, \"backed_up\" boolean NOT NULL DEFAULT false, \"name\" character varying(64) NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"last_used_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"uq_passkeys_credential\" UNIQUE (\"credential_id\"), CONSTRAINT \"PK_db928e6fd79e7098911268a74c3\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_passkeys_user\" ON \"passkeys\"  (\"user_id\") ");
    await queryRunner.query("CREATE TABLE \"passkey_challenges\" (\"challenge\" character varying(128) NOT NULL, \"purpose\" character varying(16) NOT NULL, \"user_id\" uuid, \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_f16897735bf450c1a673d0a96b8\" PRIMARY KEY (\"challenge\"))");
    await queryRunner.query("CREATE INDEX \"ix_passkey_challenges_expires\" ON \"passkey_challenges\"  (\"expires_at\") ");
    await queryRunner.query("CREATE TABLE \"passkey_offers\" (\"user_id\" uuid NOT NULL, \"snoozed_until\" TIMESTAMP WITH TIME ZONE, \"never\" boolean NOT NULL DEFAULT false, CONSTRAINT \"PK_2212a9f70cf8c80210d05f47859\" PRIMARY KEY (\"user_id\"))");
    await queryRunner.query("ALTER TABLE \"passkeys\" ADD CONSTRAINT \"FK_02227b9a8a34a808e3e23800b00\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"passkey_challenges\" ADD CONSTRAINT \"FK_b8d4b209cde3a70790900a60354\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"passkey_offers\" ADD CONSTRAINT \"FK_2212a9f70cf8c80210d05f47859\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"passkey_offers\" DROP CONSTRAINT \"FK_2212a9f70cf8c80210d05f47859\"");
    await queryRunner.query("ALTER TABLE \"passkey_challenges\" DROP CONSTRAINT \"FK_b8d4b209cde3a70790900a60354\"");
    await queryRunner.query("ALTER TABLE \"passkeys\" DROP CONSTRAINT \"FK_02227b9a8a34a808e3e23800b00\"");
    await queryRunner.query("DROP TABLE \"passkey_offers\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_passkey_challenges_expires\"");
    await queryRunner.query("DROP TABLE \"passkey_challenges\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_passkeys_user\"");
    await queryRunner.query("DROP TABLE \"passkeys\"");
  }
}
