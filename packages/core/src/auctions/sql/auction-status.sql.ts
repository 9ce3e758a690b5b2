import { defineFunction } from "../../db/sql-function";

/** Where a legacy auction stands at an instant: the SQL twin of the server's status (a winner makes it SOLD). */
export const auctionStatusFunction = defineFunction({
  name: "auction_status",
  args: "p_winner uuid, p_starts timestamptz, p_ends timestamptz, p_now timestamptz",
  returns: "text",
  language: "sql",
  volatility: "IMMUTABLE",
  body: `
  SELECT CASE WHEN p_winner IS NOT NULL THEN 'SOLD' WHEN p_now < p_starts THEN 'UPCOMING'
    WHEN p_now >= p_ends THEN 'SOLD' ELSE 'ACTIVE' END
`,
});
