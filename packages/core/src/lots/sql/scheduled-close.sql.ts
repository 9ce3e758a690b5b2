import { defineFunction } from "../../db/sql-function";

/**
 * A lot inserted without a scheduled close is scheduled to close when it closes (every writer,
 * seeds and fixtures alike): the trigger `auction_lots_scheduled_close`, BEFORE INSERT. The
 * console tells an extended lot by the two differing.
 */
export const scheduledCloseFunction = defineFunction({
  name: "auction_lots_scheduled_close",
  args: "",
  returns: "trigger",
  language: "plpgsql",
  volatility: "VOLATILE",
  body: " BEGIN NEW.scheduled_closes_at := COALESCE(NEW.scheduled_closes_at, NEW.closes_at); RETURN NEW; END ",
});
