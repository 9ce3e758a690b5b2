import { defineFunction } from "../../db/sql-function";

/**
 * The step a bid must rise by above `p_cents`, in cents: the row of the House's ladder
 * (`bid_increments`) that starts at or below it. The spec's $1 is the ladder's one row until the
 * operator sets more; with no row at all it is still $1. PL/pgSQL: its body is not checked
 * against the tables when it is created (migrations create every function from current source
 * before the table exists), and it answers in the caller's snapshot (STABLE).
 */
export const bidIncrementFunction = defineFunction({
  name: "bid_increment",
  args: "p_cents numeric",
  returns: "numeric",
  language: "plpgsql",
  volatility: "STABLE",
  body: `
BEGIN
  RETURN COALESCE((SELECT i.increment * 100 FROM bid_increments i WHERE i.from_amount * 100 <= p_cents
    ORDER BY i.from_amount DESC LIMIT 1), 100);
END
`,
});
