import { defineFunction } from "../../db/sql-function";

/**
 * The audit trail is append-only, enforced by the database itself: the triggers
 * `audit_log_no_change` (UPDATE, DELETE) and `audit_log_no_truncate` call this, which refuses.
 */
export const auditLogAppendOnlyFunction = defineFunction({
  name: "audit_log_append_only",
  args: "",
  returns: "trigger",
  language: "plpgsql",
  volatility: "VOLATILE",
  body: " BEGIN RAISE EXCEPTION 'audit_log is append-only'; END ",
});
