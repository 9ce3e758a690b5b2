import { defineFunction } from "../../db/sql-function";
import { SIGNAL_RETURNS, SIGNAL_WINDOW, signalBody } from "./signal-shape";

/**
 * Signal (b), `maximum_probing`: a member who keeps raising lots to just under another's maximum and
 * never wins. A probe is a bid of the member (not the House's) answered at once by the House for
 * another member's maximum at one step: the lot's next bid is `by_house`, for someone else, at most
 * the member's amount plus the ladder's step (`bid_increments`), within 5 seconds. It is `near`
 * when the answering maximum was at most two steps above the probe (the member found its ceiling).
 *
 * Flag (subject `member:<id>`): at least 3 probes across at least 2 lots, at least half of the
 * member's own bids were probes, and the member won no lot. Severity `high` with 2 or more near
 * probes, else `medium`. Evidence: the probes (30 latest) with the answer and the maximum's margin.
 */
export const fairPlayMaximumProbingFunction = defineFunction({
  name: "fair_play_maximum_probing",
  args: "p_now timestamptz",
  returns: SIGNAL_RETURNS,
  language: "plpgsql",
  volatility: "STABLE",
  body: signalBody(`
WITH ladder AS (
  SELECT i.from_amount, lead(i.from_amount) OVER (ORDER BY i.from_amount) AS to_amount, i.increment
    FROM bid_increments i
), seq AS (
  SELECT b.id, b.lot_id, b.user_id, b.amount, b.created_at, b.by_house,
         lead(b.user_id) OVER w AS next_user, lead(b.amount) OVER w AS next_amount,
         lead(b.by_house) OVER w AS next_house, lead(b.created_at) OVER w AS next_at
    FROM bids b JOIN auction_lots l ON l.id = b.lot_id
   WHERE b.voided_at IS NULL AND l.closes_at > p_now - ${SIGNAL_WINDOW}
  WINDOW w AS (PARTITION BY b.lot_id ORDER BY b.id)
), own AS (
  SELECT s.user_id, count(*)::int AS bids FROM seq s WHERE NOT s.by_house GROUP BY s.user_id
), probe AS (
  SELECT s.*, COALESCE(ld.increment, 1) AS step, m.amount AS maximum
    FROM seq s
    LEFT JOIN ladder ld ON s.amount >= ld.from_amount AND (ld.to_amount IS NULL OR s.amount < ld.to_amount)
    LEFT JOIN lot_maxima m ON m.lot_id = s.lot_id AND m.user_id = s.next_user
   WHERE NOT s.by_house AND s.next_house AND s.next_user <> s.user_id
     AND s.next_amount <= s.amount + COALESCE(ld.increment, 1)
     AND s.next_at - s.created_at <= interval '5 seconds'
), per_member AS (
  SELECT p.user_id, count(*)::int AS probes, count(DISTINCT p.lot_id)::int AS lots,
         count(*) FILTER (WHERE p.maximum IS NOT NULL AND p.maximum - p.amount <= 2 * p.step)::int AS near
    FROM probe p GROUP BY p.user_id
), flagged AS (
  SELECT pm.*, o.bids FROM per_member pm JOIN own o USING (user_id)
   WHERE pm.probes >= 3 AND pm.lots >= 2 AND pm.probes * 2 >= o.bids
     AND NOT EXISTS (SELECT 1 FROM auction_lots w WHERE w.winner_id = pm.user_id)
), shown AS (
  SELECT p.*, row_number() OVER (PARTITION BY p.user_id ORDER BY p.id DESC) AS r
    FROM probe p WHERE p.user_id IN (SELECT f.user_id FROM flagged f)
), evidence AS (
  SELECT x.user_id, jsonb_agg(jsonb_build_object('bidId', x.id, 'lotId', x.lot_id, 'title', l.title,
           'amount', x.amount, 'at', x.created_at, 'answeredBy', x.next_user, 'answer', x.next_amount,
           'answerAt', x.next_at, 'maximumAbove', x.maximum - x.amount) ORDER BY x.id) AS bids
    FROM shown x JOIN auction_lots l ON l.id = x.lot_id WHERE x.r <= 30 GROUP BY x.user_id
)
SELECT 'maximum_probing', 'member:' || f.user_id, CASE WHEN f.near >= 2 THEN 'high' ELSE 'medium' END,
       ARRAY[f.user_id], false, f.probes,
       jsonb_build_object('probes', f.probes, 'lots', f.lots, 'near', f.near, 'ownBids', f.bids, 'wins', 0,
         'bids', e.bids)
  FROM flagged f JOIN evidence e USING (user_id)
`),
});
