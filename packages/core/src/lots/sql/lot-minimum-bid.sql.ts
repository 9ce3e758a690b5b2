import { defineFunction } from "../../db/sql-function";

/**
 * The least the next bid on a lot may be, kept on the lot's row by every writer (the trigger
 * `auction_lots_minimum_bid`, BEFORE INSERT OR UPDATE): the reserve (at least $1) before any bid,
 * then the current bid plus the ladder's step at it (`bid_increment`). The bid decides against
 * it, and every answer and event shows it, so the page and the rule read one figure.
 */
export const lotMinimumBidFunction = defineFunction({
  name: "auction_lots_minimum_bid",
  args: "",
  returns: "trigger",
  language: "plpgsql",
  volatility: "VOLATILE",
  body: `
BEGIN
  NEW.minimum_bid := CASE WHEN NEW.bid_count = 0 THEN GREATEST(NEW.reserve_price, 1)
    ELSE NEW.current_bid + bid_increment(NEW.current_bid * 100) / 100 END;
  RETURN NEW;
END
`,
});
