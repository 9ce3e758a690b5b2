import { defineFunction } from "../../db/sql-function";
import { SIGNAL_RETURNS, SIGNAL_WINDOW, signalBody } from "./signal-shape";

/**
 * Signal (c), `shill_pattern`: the features of the UCI Shill Bidding Dataset (Alzahrani & Sadaoui,
 * 2018/2020), per member and closed lot, from the lot's bids that stand (voided ones left out).
 * D = closes_at - opens_at, the lot's duration. All six lie in [0, 1]; for each, high = shill-like.
 *
 *   BT bidder tendency   = lots of this lot's day the member bid on / lots the member bid on. The
 *                          paper divides by the auctions of the same seller; here the House sells
 *                          everything, so the seller's "auction" is the day's sale.
 *   BR bidding ratio     = the member's bids on the lot / the lot's bids.
 *   SO successive outbid = 0, 0.5 or 1 for 0, 1 or 2+ of the member's own bids whose previous own
 *                          bid on the lot (by anyone but the House) was also theirs: they raised
 *                          again with no rival in between, only the House answering a maximum.
 *   LB last bidding      = (closes_at - the member's last bid) / D: they went quiet well before the end.
 *   EB early bidding     = 1 - (the member's first bid - opens_at) / D: they started at the opening.
 *   WR winning ratio     = 1 - lots won / closed lots bid on (the paper's ratio, turned so high = never wins).
 *
 * A member-lot instance is shill-like when WR = 1 (never won, over at least 2 closed lots) and
 * BR >= 0.2 and SO >= 0.5 and at least two of { BT >= 0.5, LB >= 0.05, EB >= 0.5 }. One flag per
 * member (subject `member:<id>`) with 2 or more shill-like instances; `high` from 3. Evidence: each
 * instance with its six features.
 */
export const fairPlayShillPatternFunction = defineFunction({
  name: "fair_play_shill_pattern",
  args: "p_now timestamptz",
  returns: SIGNAL_RETURNS,
  language: "plpgsql",
  volatility: "STABLE",
  body: signalBody(`
WITH lots AS (
  SELECT l.id, l.title, l.day, l.opens_at, l.closes_at, l.winner_id,
         GREATEST(extract(epoch FROM l.closes_at - l.opens_at), 1) AS duration
    FROM auction_lots l WHERE l.is_closed AND l.closes_at > p_now - ${SIGNAL_WINDOW}
), b AS (
  SELECT x.lot_id, x.user_id, x.created_at, x.by_house,
         CASE WHEN NOT x.by_house THEN lag(x.user_id) OVER (PARTITION BY x.lot_id, x.by_house ORDER BY x.id) END AS prev_own
    FROM bids x JOIN lots l ON l.id = x.lot_id WHERE x.voided_at IS NULL
), lot_total AS (
  SELECT lot_id, count(*)::numeric AS bids FROM b GROUP BY lot_id
), ml AS (
  SELECT b.user_id, b.lot_id, count(*)::numeric AS bids, min(b.created_at) AS first_at, max(b.created_at) AS last_at,
         count(*) FILTER (WHERE b.prev_own = b.user_id)::int AS successive
    FROM b GROUP BY b.user_id, b.lot_id
), member AS (
  SELECT ml.user_id, count(*)::int AS lots, count(*) FILTER (WHERE l.winner_id = ml.user_id)::int AS won
    FROM ml JOIN lots l ON l.id = ml.lot_id GROUP BY ml.user_id
), day_share AS (
  SELECT ml.user_id, l.day, count(*)::numeric AS lots FROM ml JOIN lots l ON l.id = ml.lot_id GROUP BY ml.user_id, l.day
), features AS (
  SELECT ml.user_id, ml.lot_id, l.title,
         round(ds.lots / m.lots, 3) AS bt,
         round(ml.bids / t.bids, 3) AS br,
         CASE WHEN ml.successive >= 2 THEN 1 WHEN ml.successive = 1 THEN 0.5 ELSE 0 END AS so,
         round(LEAST(GREATEST(extract(epoch FROM l.closes_at - ml.last_at) / l.duration, 0), 1)::numeric, 3) AS lb,
         round((1 - LEAST(GREATEST(extract(epoch FROM ml.first_at - l.opens_at) / l.duration, 0), 1))::numeric, 3) AS eb,
         round(1 - m.won::numeric / m.lots, 3) AS wr, m.lots AS member_lots
    FROM ml JOIN lots l ON l.id = ml.lot_id JOIN lot_total t ON t.lot_id = ml.lot_id
    JOIN member m ON m.user_id = ml.user_id JOIN day_share ds ON ds.user_id = ml.user_id AND ds.day = l.day
), shill_like AS (
  SELECT f.* FROM features f
   WHERE f.wr = 1 AND f.member_lots >= 2 AND f.br >= 0.2 AND f.so >= 0.5
     AND (f.bt >= 0.5)::int + (f.lb >= 0.05)::int + (f.eb >= 0.5)::int >= 2
)
SELECT 'shill_pattern', 'member:' || s.user_id, CASE WHEN count(*) >= 3 THEN 'high' ELSE 'medium' END,
       ARRAY[s.user_id], false, count(*)::int,
       jsonb_build_object('instances', jsonb_agg(jsonb_build_object('lotId', s.lot_id, 'title', s.title,
         'bidderTendency', s.bt, 'biddingRatio', s.br, 'successiveOutbidding', s.so, 'lastBidding', s.lb,
         'earlyBidding', s.eb, 'winningRatio', s.wr) ORDER BY s.lot_id),
         'thresholds', 'WR = 1 (2+ closed lots), BR >= 0.2, SO >= 0.5, two of BT >= 0.5, LB >= 0.05, EB >= 0.5')
  FROM shill_like s GROUP BY s.user_id HAVING count(*) >= 2
`),
});
