import { defineFunction } from "../../db/sql-function";

/**
 * Whether a suspension is in force for a member at an instant (DESIGN.md section 9): not lifted,
 * and no end or an end still ahead. `suspendedAt` in `suspensions.repository.ts` writes its call.
 *
 * PL/pgSQL, not SQL: a SQL function whose body holds a subquery is never inlined into its caller,
 * and Postgres keeps its plan only for the statement that called it, so every bid and every
 * session read planned it again; PL/pgSQL keeps each statement's plan for the connection's life.
 * STABLE: it reads with its caller's snapshot.
 */
export const memberSuspendedFunction = defineFunction({
  name: "member_suspended",
  args: "p_user uuid, p_now timestamptz",
  returns: "boolean",
  language: "plpgsql",
  volatility: "STABLE",
  body: `
BEGIN
  RETURN EXISTS (SELECT 1 FROM suspensions s WHERE s.user_id = p_user
    AND s.lifted_at IS NULL AND (s.until IS NULL OR s.until > p_now));
END
`,
});
