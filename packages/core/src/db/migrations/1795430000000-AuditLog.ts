import type { MigrationInterface, QueryRunner } from "typeorm";
import { auditLogAppendOnlyFunction } from "../../audit/sql/audit-log-append-only.sql";
import { createFunctions, dropFunctions } from "../sql-function";

/** The admin area's audit trail: append-only, enforced by the database itself. */
export class AuditLog1795430000000 implements MigrationInterface {
  name = "AuditLog1795430000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" SERIAL NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "actor_id" uuid, "actor_email" character varying(254) NOT NULL, "action" character varying(64) NOT NULL, "target_kind" character varying(40) NOT NULL, "target_id" character varying(100), "before" jsonb, "after" jsonb, "address" character varying(64), CONSTRAINT "PK_audit_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_audit_log_at" ON "audit_log" ("at") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_log_action" ON "audit_log" ("action", "at") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_log_target" ON "audit_log" ("target_kind", "target_id") `);
    await createFunctions(queryRunner, [auditLogAppendOnlyFunction]);
    await queryRunner.query(
      `CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_log_no_truncate ON "audit_log"`);
    await queryRunner.query(`DROP TRIGGER audit_log_no_change ON "audit_log"`);
    await dropFunctions(queryRunner, [auditLogAppendOnlyFunction]);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
