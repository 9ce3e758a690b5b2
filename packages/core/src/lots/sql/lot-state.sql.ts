import { defineFunction } from "../../db/sql-function";

/**
 * Where a lot stands at an instant: the SQL twin of the shared `lotStateAt`
 * (`packages/shared/src/rules/lot-state.ts`), used by the bid and by every list that asks it.
 */
export const lotStateFunction = defineFunction({
  name: "lot_state",
  args: "p_is_closed boolean, p_opens_at timestamptz, p_paused_at timestamptz, p_closes_at timestamptz, p_now timestamptz",
  returns: "text",
  language: "sql",
  volatility: "IMMUTABLE",
  body: `
  SELECT CASE WHEN p_is_closed THEN 'closed' WHEN p_now < p_opens_at THEN 'upcoming'
    WHEN p_paused_at IS NOT NULL THEN 'paused' WHEN p_now >= p_closes_at THEN 'closed' ELSE 'open' END
`,
});
