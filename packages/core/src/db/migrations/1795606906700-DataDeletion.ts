import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Data deletion: a request confirmed from its link (confirmed_at), one open request per member,
 * the link's hash looked up by index, and the member marked erased (their row stays for the books).
 */
export class DataDeletion1795606906700 implements MigrationInterface {
  name = "DataDeletion1795606906700";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"users\" ADD \"erased_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"deletion_requests\" ADD \"confirmed_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_deletion_requests_open\" ON \"deletion_requests\"  (\"user_id\") WHERE \"status\" <> 'processed'");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_deletion_requests_code\" ON \"deletion_requests\"  (\"confirmation_code\") ");
    await queryRunner.query("CREATE INDEX \"ix_deletion_requests_due\" ON \"deletion_requests\"  (\"status\", \"confirmed_at\") ");
    await queryRunner.query("ALTER TABLE \"deletion_requests\" ADD CONSTRAINT \"ck_deletion_requests_status\" CHECK (\"status\" IN ('pending', 'confirmed', 'processed'))");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"deletion_requests\" DROP CONSTRAINT \"ck_deletion_requests_status\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_deletion_requests_due\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_deletion_requests_code\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_deletion_requests_open\"");
    await queryRunner.query("ALTER TABLE \"deletion_requests\" DROP COLUMN \"confirmed_at\"");
    await queryRunner.query("ALTER TABLE \"users\" DROP COLUMN \"erased_at\"");
  }
}
